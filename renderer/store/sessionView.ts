import type { ApiError } from "../../shared/errors.js";
import type { EngineEvent } from "../../shared/events.js";
import type { Agent, StepText } from "../../shared/coreEvents.js";
import type { DraftVersion } from "../../shared/documents.js";
import type { TaskProgress } from "./TaskProgress.js";

export type { Agent };

/** One step of the timeline, built from `step_start` / `step_done`. */
export interface StepEntry {
  kind: "step";
  /** Seq of the `step_start` event: a stable React key. */
  seq: number;
  step: string;
  agent: Agent;
  label: string;
  /** The label as a message of the workflow (`<workflow>.step.<key>`), when the engine gave one. */
  labelText?: StepText;
  /** `stopped`: closed without its `step_done` (the run failed or was stopped), or cut by a restart (`interrupted`). */
  status: "running" | "done" | "stopped";
  /** The engine restarted mid-step; the step runs again as a new entry. */
  interrupted?: boolean;
  startedAt: string;
  summary: string | null;
  /** The summary as a message of the workflow (`<workflow>.summary.<key>`), when the engine gave one. */
  summaryText?: StepText;
  durationMs: number | null;
  /** A thought of this step reached its budget (thought tokens allowed) and was cut (`thinking_cut`). */
  thinkingCut?: number;
  /** The step's model tokens so far, as its last `step_tokens` said (rate and budget for the time left). */
  tokens?: StepTokenCount;
}

/** What a running step's last `step_tokens` said. */
export interface StepTokenCount {
  count: number;
  tokensPerSecond: number;
  /** The budget of the step's calls begun so far; absent when they set none. */
  maxTokens?: number;
}

/** A pause of the workflow (`await_user`), resolved by a `resumed` event. */
export interface PauseEntry {
  kind: "pause";
  seq: number;
  pausePoint: string;
  allowedActions: string[];
  /** The pause's context as its workflow's contract declares it; the workflow's card reads its fields. */
  context: Readonly<Record<string, unknown>>;
  at: string;
  /** The action the user chose, once resumed. */
  resolvedAction: string | null;
}

/** A workflow's own event that its reducer declares a timeline entry (`timelineEvents`), e.g. the article's review. */
export interface EventEntry {
  kind: "event";
  seq: number;
  event: EngineEvent;
  at: string;
}

export type TimelineEntry = StepEntry | PauseEntry | EventEntry;

/** Where a session stands, as far as its event log says; `cancelled` is a deliberate stop (an `aborted` error), shown as 已停止 rather than 出错. */
export type RunStatus = "idle" | "running" | "paused" | "done" | "error" | "cancelled";

/**
 * The client-side mirror of one session, rebuilt purely from its event log by `applyEvent` (core fields)
 * and the workflow's registered reducer (`workflowView`).
 * The engine is the source of truth: nothing in here is invented by the UI.
 */
export interface SessionView {
  sessionId: string | null;
  workflow: string | null;
  /** Highest seq applied; events at or below it are ignored so replays are idempotent. */
  lastSeq: number;
  status: RunStatus;
  startedAt: string | null;
  endedAt: string | null;
  /** Time the run spent waiting (for the user at a pause, or ended), which the elapsed clock leaves out. */
  waitedMs: number;
  /** When the clock stopped (a pause, an end, an error); null while the run works. */
  clockStoppedAt: string | null;
  timeline: TimelineEntry[];
  /** Sections of the draft being streamed (`draft_chunk` by sectionIndex); null when not streaming. */
  streamingSections: string[] | null;
  draft: string | null;
  version: DraftVersion | null;
  /** The open pause (also in the timeline), or null while running / finished. */
  pause: PauseEntry | null;
  /** Text streamed by `token` events (the chat reply). */
  tokenText: string;
  /** A thinking model's thoughts (`thought` events), kept apart from the reply; the chat folds them under 思考过程. */
  thoughtText: string;
  /** The session's own model and 思考 (its `connected` event), when it was started with them. */
  model: string | null;
  thinking: string | null;
  /** Streaming rate of the current step: chunks counted between the first and last timestamps. */
  rate: { count: number; firstTs: string | null; lastTs: string | null };
  doneSummary: string | null;
  /** The done line as a message the UI translates (`<workflow>.summary.<key>`), when the workflow sends one. */
  doneSummaryText: StepText | null;
  result: unknown;
  error: ApiError | null;
  /**
   * The workflow's own view, folded by its registered reducer (`WorkflowReducer`) from every event
   * of the session; undefined until `connected` names the workflow, or when none is registered.
   * The workflow's feature folder owns its type and reads it through its own selector.
   */
  workflowView: unknown;
  /** The run's own long jobs (`progress` on the session stream: docgen sections, module reviews), by task. */
  jobs: Record<string, TaskProgress>;
}

/** An empty view for a session (or none). */
export function emptySessionView(sessionId: string | null = null): SessionView {
  return {
    sessionId,
    workflow: null,
    lastSeq: 0,
    status: "idle",
    startedAt: null,
    endedAt: null,
    waitedMs: 0,
    clockStoppedAt: null,
    timeline: [],
    streamingSections: null,
    draft: null,
    version: null,
    pause: null,
    tokenText: "",
    thoughtText: "",
    model: null,
    thinking: null,
    rate: { count: 0, firstTs: null, lastTs: null },
    doneSummary: null,
    doneSummaryText: null,
    result: undefined,
    error: null,
    workflowView: undefined,
    jobs: {},
  };
}
