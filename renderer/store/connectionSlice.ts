import type { ConnectionMonitor } from "../transport/ConnectionMonitor.js";
import { isServerUnreachable } from "../transport/ConnectionMonitor.js";
import type { ConnectionSlice, SliceCreator } from "./types.js";

/**
 * Mirrors the transport's connection monitor (browser mode; always `online` over IPC). When the
 * server answers again, what was shown while it was away is re-read: the 无法连接 banners go, and
 * the session list, settings and models are refreshed, so a row that said 进行中 when the server
 * stopped shows what the server says now. The open session's stream resumes by itself from its
 * last event.
 */
export const createConnectionSlice = (monitor: ConnectionMonitor | null): SliceCreator<ConnectionSlice> => (set, get) => {
  monitor?.subscribe((connection) => {
    set({ connection });
    if (connection !== "restored") return;
    // Every 无法连接 banner goes: those of calls that never left the page, and those a stopping
    // server answered (503 "shutting down"); a backend that is still down says so again on next use.
    set((s) => ({ errors: s.errors.filter((e) => !isServerUnreachable(e) && e.code !== "unavailable") }));
    void get().refreshSessions();
    void get().loadSettings();
    void get().refreshModels();
  });
  return { connection: monitor?.state ?? "online" };
};
