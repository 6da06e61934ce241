import type { CurrentSlice, SliceCreator } from "./types.js";
import { emptySessionView } from "./sessionView.js";
import { applyEvent } from "./applyEvent.js";
import { askNotificationPermission } from "./askNotificationPermission.js";

/**
 * The open session. Its view is never edited by the UI: it is the fold of the session's events,
 * received through one subscription that starts at seq 0 (replay) and continues live.
 */
export const createCurrentSlice: SliceCreator<CurrentSlice> = (set, get) => {
  let unsubscribe: (() => void) | null = null;

  const open = (id: string) => {
    unsubscribe?.();
    set({ current: emptySessionView(id) });
    unsubscribe = get().api.subscribe(id, 0, (event) => {
      const before = get().current;
      if (before.sessionId !== id) return;
      const after = applyEvent(before, event, get().workflowViews.reducerFor);
      if (after === before) return;
      set({ current: after });
      // A session opened before the list knew it learns its workflow from `connected`.
      if (before.workflow === null && after.workflow !== null && get().screen !== "settings") get().setScreen(get().workflowViews.screenForWorkflow(after.workflow));
      // The list shows status and pause point: refresh it when the run changes phase.
      if (after.status !== before.status) void get().refreshSessions();
    });
  };

  return {
    current: emptySessionView(),
    openSession(id) {
      open(id);
      const workflow = get().sessions.find((s) => s.id === id)?.workflow;
      if (workflow) get().setScreen(get().workflowViews.screenForWorkflow(workflow));
    },
    closeSession() {
      unsubscribe?.();
      unsubscribe = null;
      set({ current: emptySessionView() });
    },
    async startRun(start) {
      // A user gesture: the moment a browser may ask whether pause/done notifications are welcome.
      askNotificationPermission();
      try {
        const { sessionId } = await get().api.call("run.start", start);
        open(sessionId);
        await get().refreshSessions();
        return sessionId;
      } catch (error) {
        get().pushError(error);
        return null;
      }
    },
    async resume(payload) {
      const sessionId = get().current.sessionId;
      if (!sessionId) return false;
      try {
        await get().api.call("run.resume", { sessionId, payload });
        return true;
      } catch (error) {
        get().pushError(error);
        return false;
      }
    },
    async cancelRun() {
      const sessionId = get().current.sessionId;
      if (!sessionId) return;
      try {
        await get().api.call("run.cancel", { sessionId });
      } catch (error) {
        get().pushError(error);
      }
    },
  };
};
