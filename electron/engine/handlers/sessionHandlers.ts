import { ScriptoriumError } from "../../../shared/errors.js";
import type { SessionStore } from "../storage/SessionStore.js";
import type { WorkflowRunner } from "../runtime/WorkflowRunner.js";
import type { CoreHandlers } from "./CoreHandlers.js";

type SessionMethods = "sessions.list" | "sessions.rename" | "sessions.delete" | "run.resume" | "run.state" | "run.retry" | "run.cancel" | "events.list";

/** Sessions, runs (except `run.start`, which may select a model first) and the event log. */
export function sessionHandlers(sessions: SessionStore, runner: WorkflowRunner): Pick<CoreHandlers, SessionMethods> {
  return {
    "sessions.list": async ({ workflow, query }) => ({ sessions: sessions.list(workflow, query) }),
    "sessions.rename": async ({ sessionId, title }) => {
      const session = sessions.rename(sessionId, title);
      if (!session) throw new ScriptoriumError("not_found", `Unknown session ${sessionId}.`, { sessionId });
      return { session };
    },
    "sessions.delete": async ({ sessionId }) => {
      await runner.delete(sessionId);
      return { ok: true };
    },
    "run.resume": async ({ sessionId, payload }) => runner.resume(sessionId, payload),
    "run.state": async ({ sessionId }) => runner.state(sessionId),
    "run.retry": async ({ sessionId }) => runner.retry(sessionId),
    "run.cancel": async ({ sessionId }) => {
      await runner.cancel(sessionId);
      return { ok: true };
    },
    "events.list": async ({ sessionId, afterSeq }) => ({ events: runner.events(sessionId, afterSeq) }),
  };
}
