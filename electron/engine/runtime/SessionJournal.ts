import { toApiError } from "../../../shared/errors.js";
import type { EventDraft } from "../../../shared/events.js";
import type { Checkpointer } from "../storage/Checkpointer.js";
import type { EventStore } from "../storage/EventStore.js";
import type { SessionStore } from "../storage/SessionStore.js";
import type { PauseRequest, WorkflowDefinition } from "../workflows/WorkflowDefinition.js";

/** Events only the runner emits; a node that writes one of these is ignored (protocol guard). */
const RUNNER_EVENTS = new Set(["connected", "await_user", "resumed", "done"]);
/** Status writes a FULL commit follows at once (a transition event, or `answerWritten` after a resume). */
export const RELAXED = { relaxed: true } as const;

export interface SessionJournalStores {
  checkpointer: Checkpointer;
  sessions: SessionStore;
  events: EventStore;
}

/**
 * What a run leaves in the stores at each point it reaches — a node's event, the user's answer
 * written, a pause, the end, a failure or a stop — each as one status write and one event, in the
 * order that keeps them durable together (see the comments on each). The runner decides when; the
 * journal writes what.
 */
export class SessionJournal {
  constructor(private readonly stores: SessionJournalStores) {}

  /** Persist + publish a node's custom chunk if it is a valid event draft; drop anything else. */
  nodeEvent(sessionId: string, chunk: unknown): void {
    if (typeof chunk !== "object" || chunk === null || typeof (chunk as { type?: unknown }).type !== "string") return;
    const type = (chunk as { type: string }).type;
    if (RUNNER_EVENTS.has(type)) {
      console.warn(`[WorkflowRunner] a node emitted "${type}", which only the runner may emit; ignored`);
      return;
    }
    try {
      this.stores.events.append(sessionId, chunk as EventDraft);
    } catch (error) {
      console.warn(`[WorkflowRunner] dropped an invalid event from session ${sessionId}:`, error instanceof Error ? error.message : error);
    }
  }

  /**
   * Make a resumed run's answer survive a power cut before its next steps run, which can take
   * minutes of LLM work: one FULL commit (the status, still `running`) on app.db fsyncs the shared
   * WAL, which holds the answer LangGraph just wrote, the `resumed` event and the status change
   * before it. Compare-and-set, so a run cancelled meanwhile keeps its status.
   */
  answerWritten(sessionId: string): void {
    // Events still buffered commit in the same FULL transaction (one commit, one fsync).
    this.stores.events.flush(() => void this.stores.sessions.transition(sessionId, "running", "running"), true);
  }

  /**
   * Mark the session paused and announce the pause: the status and `await_user` (with every event
   * still buffered) in one FULL commit, so neither is durable without the other.
   */
  paused(sessionId: string, pause: PauseRequest): void {
    const event = { type: "await_user", pausePoint: pause.pausePoint, allowedActions: pause.allowedActions, context: contextOf(pause) } as const;
    this.stores.events.append(sessionId, event, () => this.stores.sessions.setStatus(sessionId, "paused", pause.pausePoint));
  }

  /** The run ended: its checkpoint history goes, the session is done, and `done` carries the workflow's line and public values. */
  finished(sessionId: string, definition: WorkflowDefinition<any, any, any>, values: Record<string, unknown>): void {
    this.pruneCheckpoints(sessionId);
    const result = definition.publicValues(values, { status: "done", pausePoint: null }) as Record<string, never>;
    const summary = definition.doneSummary(values);
    const event = typeof summary === "string" ? { type: "done", summary, result } as const : { type: "done", summary: summary.text, summaryText: summary.message, result } as const;
    // The status commits with `done`, a FULL commit.
    this.stores.events.append(sessionId, event, () => this.stores.sessions.setStatus(sessionId, "done"));
  }

  /** The run stopped: cancelled by the user (`aborted`), else failed with the error's code. Never throws. */
  failed(sessionId: string, error: unknown, cancelled: boolean): void {
    try {
      if (cancelled) {
        this.stores.events.append(sessionId, CANCELLED, () => this.stores.sessions.setStatus(sessionId, "cancelled"));
      } else {
        const apiError = toApiError(error);
        if (apiError.code === "internal") console.error(`[WorkflowRunner] session ${sessionId} failed`, error);
        this.stores.events.append(sessionId, { type: "error", error: apiError }, () => this.stores.sessions.setStatus(sessionId, "error"));
      }
    } catch (secondary) {
      console.error(`[WorkflowRunner] could not record the end of session ${sessionId}`, secondary);
    }
  }

  /** A session that was not running (paused, or running in a process that died) is stopped; false when it had moved on. */
  stoppedIdle(sessionId: string, from: "paused" | "running"): boolean {
    if (!this.stores.sessions.transition(sessionId, from, "cancelled", null, RELAXED)) return false;
    this.stores.events.append(sessionId, CANCELLED);
    return true;
  }

  /** Drop an ended run's checkpoint history (Checkpointer.pruneHistory); a failure only costs disk space. */
  private pruneCheckpoints(sessionId: string): void {
    try {
      this.stores.checkpointer.pruneHistory(sessionId);
    } catch (error) {
      console.warn(`[WorkflowRunner] could not prune the checkpoints of session ${sessionId}`, error);
    }
  }
}

const CANCELLED = { type: "error", error: { code: "aborted", message: "Cancelled." } } as const;

/** A pause's context with `pause_point` and `allowed_actions`, as every client receives it. */
export function contextOf(pause: PauseRequest): { pause_point: string; allowed_actions: string[] } & Record<string, unknown> {
  return { ...(pause.context ?? {}), pause_point: pause.pausePoint, allowed_actions: pause.allowedActions };
}
