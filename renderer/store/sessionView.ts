import type { ApiError } from "../../shared/errors.js";
import type { EngineEvent } from "../../shared/events.js";
import type { Material } from "../../shared/knowledge.js";
import type { DraftVersion, Outline, PauseContext, Review } from "../../shared/article.js";
import type { TaskProgress } from "./types.js";

/** Which agent a timeline entry belongs to. */
export type Agent = "researcher" | "writer" | "editor" | "system";

/** One step of the timeline, built from `step_start` / `step_done`. */
export interface StepEntry {
  kind: "step";
  /** Seq of the `step_start` event: a stable React key. */
  seq: number;
  step: string;
  agent: Agent;
  label: string;
  status: "running" | "done";
  startedAt: string;
  summary: string | null;
  durationMs: number | null;
}

/** A pause of the workflow (`await_user`), resolved by a `resumed` event. */
export interface PauseEntry {
  kind: "pause";
  seq: number;
  pausePoint: string;
  allowedActions: string[];
  context: Partial<PauseContext>;
  at: string;
  /** The action the user chose, once resumed. */
  resolvedAction: string | null;
}

/** A review shown inline in the timeline (`review_ready`). */
export interface ReviewEntry {
  kind: "review";
  seq: number;
  review: Review;
  at: string;
}

export type TimelineEntry = StepEntry | PauseEntry | ReviewEntry;

/** Where a session stands, as far as its event log says. */
export type RunStatus = "idle" | "running" | "paused" | "done" | "error";

/**
 * The client-side mirror of one session, rebuilt purely from its event log by `applyEvent`.
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
  timeline: TimelineEntry[];
  materials: Material[];
  keywords: string[];
  materialsSummary: string | null;
  outline: Outline | null;
  /** Sections of the draft being streamed (`draft_chunk` by sectionIndex); null when not streaming. */
  streamingSections: string[] | null;
  draft: string | null;
  version: DraftVersion | null;
  review: Review | null;
  /** The open pause (also in the timeline), or null while running / finished. */
  pause: PauseEntry | null;
  /** Text streamed by `token` events (the chat reply). */
  tokenText: string;
  /** Streaming rate of the current step: chunks counted between the first and last timestamps. */
  rate: { count: number; firstTs: string | null; lastTs: string | null };
  doneSummary: string | null;
  result: unknown;
  error: ApiError | null;
  /**
   * Events the core fold does not interpret (a workflow's own: `violation_found`, `scan_step` …),
   * in seq order. A workflow screen derives its view from them with a selector.
   */
  workflowEvents: EngineEvent[];
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
    timeline: [],
    materials: [],
    keywords: [],
    materialsSummary: null,
    outline: null,
    streamingSections: null,
    draft: null,
    version: null,
    review: null,
    pause: null,
    tokenText: "",
    rate: { count: 0, firstTs: null, lastTs: null },
    doneSummary: null,
    result: undefined,
    error: null,
    workflowEvents: [],
    jobs: {},
  };
}
