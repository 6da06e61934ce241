import type { EngineEvent } from "../../shared/events.js";

/** What a run notification says. */
export interface RunNotice {
  title: string;
  body: string;
  sessionId: string;
}

/** Events older than this when they reach the window are replays (a reload, a reopened session), never news. */
const FRESH_MS = 10_000;

/**
 * Decides which events deserve a system notification: a pause (the run waits for the user), the
 * end of a run, or an error, each once, only when fresh (not a replay) and only while the window
 * is in the background. Pure except for the `seen` set it keeps.
 */
export function createRunNotifier(options: { now?: () => number; isBackground(): boolean }) {
  const now = options.now ?? Date.now;
  const seen = new Set<string>();
  return (event: EngineEvent): RunNotice | null => {
    if (event.type !== "await_user" && event.type !== "done" && event.type !== "error") return null;
    const key = `${event.sessionId}:${event.seq}`;
    if (seen.has(key)) return null;
    seen.add(key);
    if (now() - Date.parse(event.ts) > FRESH_MS) return null;
    if (!options.isBackground()) return null;
    switch (event.type) {
      case "await_user":
        return { sessionId: event.sessionId, title: "Scriptorium：等待你的确认", body: `写作流程停在「${event.pausePoint}」，回到应用继续。` };
      case "done":
        return { sessionId: event.sessionId, title: "Scriptorium：已完成", body: event.summary || "运行已完成。" };
      case "error":
        return { sessionId: event.sessionId, title: "Scriptorium：出错了", body: event.error.message };
    }
  };
}
