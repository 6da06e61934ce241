import type { SessionState } from "../../../shared/api.js";
import type { CompiledWorkflowGraph, WorkflowDefinition } from "../workflows/WorkflowDefinition.js";
import { pauseFromSnapshot } from "./pauses.js";
import { contextOf } from "./SessionJournal.js";

/** A checkpoint snapshot of a session's graph, as `getState` returns it. */
export type GraphSnapshot = Awaited<ReturnType<CompiledWorkflowGraph["getState"]>>;

/**
 * What a client sees of a session: its summary, the pending pause (re-derived from the checkpoint),
 * the workflow's status word and its public values.
 */
export function sessionState(session: SessionState["session"], definition: WorkflowDefinition<any, any, any>, snapshot: GraphSnapshot): SessionState {
  const request = session.status === "paused" ? pauseFromSnapshot(snapshot) : null;
  const pause = request ? { ...request, context: contextOf(request) } : null;
  const values = snapshot.values ?? {};
  const statusInput = { status: session.status, pausePoint: session.pausePoint };
  return {
    session,
    pause,
    status: definition.status?.(values, statusInput) ?? session.status,
    values: definition.publicValues(values, statusInput) as SessionState["values"],
  };
}
