import type { SessionsSlice, SliceCreator } from "./types.js";
import { emptySessionView } from "./sessionView.js";

/** The session list: start, continue and delete sessions. */
export const createSessionsSlice: SliceCreator<SessionsSlice> = (set, get) => ({
  sessions: [],
  async refreshSessions() {
    try {
      const { sessions } = await get().api.call("sessions.list", {});
      set({ sessions });
    } catch (error) {
      get().pushError(error);
    }
  },
  async deleteSession(id) {
    try {
      await get().api.call("sessions.delete", { sessionId: id });
      if (get().current.sessionId === id) {
        get().closeSession();
        set({ current: emptySessionView() });
      }
      await get().refreshSessions();
    } catch (error) {
      get().pushError(error);
    }
  },
});
