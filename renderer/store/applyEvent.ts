import type { EngineEvent, StepText } from "../../shared/events.js";
import type { PauseEntry, SessionView, StepEntry, TimelineEntry } from "./sessionView.js";
import type { WorkflowReducer } from "./workflowViews.js";
import { isRewriteToken } from "./isRewriteToken.js";
import { trackProgress } from "./progressTracker.js";

/** Finds the reducer of a workflow (the feature registry's, injected at store creation). */
export type ReducerLookup = (workflow: string) => WorkflowReducer | undefined;

const NONE: ReducerLookup = () => undefined;

/**
 * The pure reducer of the session mirror: `events.reduce((v, e) => applyEvent(v, e, lookup), emptySessionView(id))`
 * rebuilds the whole screen after a reload. Events already applied (seq ≤ lastSeq) are ignored,
 * so replaying the log over a live subscription never duplicates anything. The core fields are
 * folded here; every event then goes to the session's workflow reducer for `workflowView`.
 */
export function applyEvent(state: SessionView, event: EngineEvent, lookup: ReducerLookup = NONE): SessionView {
  if (event.seq <= state.lastSeq) return state;
  if (state.sessionId !== null && event.sessionId !== state.sessionId) return state;
  const core = applyCoreEvent({ ...state, lastSeq: event.seq, sessionId: event.sessionId }, event);
  const reducer = core.workflow ? lookup(core.workflow) : undefined;
  if (!reducer) return core;
  const own = reducer.reduce(core.workflowView === undefined ? reducer.initial() : core.workflowView, event);
  const entry = reducer.timelineEvents?.includes(event.type) ? [{ kind: "event" as const, seq: event.seq, event, at: event.ts }] : [];
  return { ...core, workflowView: own, timeline: entry.length ? [...core.timeline, ...entry] : core.timeline };
}

function applyCoreEvent(next: SessionView, event: EngineEvent): SessionView {
  switch (event.type) {
    case "connected":
      return { ...next, workflow: event.workflow, status: "running", startedAt: next.startedAt ?? event.ts, model: event.model ?? null, thinking: event.thinking ?? null };
    case "step_start": {
      const entry: StepEntry = {
        kind: "step",
        seq: event.seq,
        step: event.step,
        agent: event.agent,
        label: event.label,
        ...(event.labelText ? { labelText: event.labelText } : {}),
        status: "running",
        startedAt: event.ts,
        summary: null,
        durationMs: null,
      };
      // A step after an error or an end (run.retry, a restore) means the session runs again.
      return {
        ...next,
        status: "running",
        error: null,
        doneSummary: null,
        doneSummaryText: null,
        startedAt: next.startedAt ?? event.ts,
        ...startClock(next, event.ts),
        timeline: [...next.timeline, entry],
        rate: { count: 0, firstTs: null, lastTs: null },
      };
    }
    case "step_done":
      return { ...next, timeline: finishStep(next.timeline, event.step, event.summary, event.durationMs, event.summaryText, event.interrupted === true) };
    case "draft_chunk": {
      const sections = [...(next.streamingSections ?? [])];
      // Sparse indices (sections finishing out of order) must still join cleanly.
      for (let i = 0; i < event.sectionIndex; i++) sections[i] ??= "";
      sections[event.sectionIndex] = (event.restart ? "" : (sections[event.sectionIndex] ?? "")) + event.text;
      return { ...next, streamingSections: sections, rate: countChunk(next.rate, event.ts) };
    }
    case "draft_ready":
      return { ...next, draft: event.markdown, version: event.version, streamingSections: null };
    case "await_user": {
      const pause: PauseEntry = {
        kind: "pause",
        seq: event.seq,
        pausePoint: event.pausePoint,
        allowedActions: event.allowedActions,
        context: asContext(event.context),
        at: event.ts,
        resolvedAction: null,
      };
      return {
        ...next,
        status: "paused",
        error: null,
        doneSummary: null,
        doneSummaryText: null,
        pause,
        clockStoppedAt: next.clockStoppedAt ?? event.ts,
        timeline: [...next.timeline, pause],
        // A pause that carries the document (the article's draft check) shows that text.
        draft: typeof pause.context.draft === "string" ? pause.context.draft : next.draft,
        streamingSections: null,
      };
    }
    case "resumed": {
      const timeline = next.timeline.map((entry) =>
        entry.kind === "pause" && entry.resolvedAction === null && entry.pausePoint === event.pausePoint
          ? { ...entry, resolvedAction: event.action }
          : entry,
      );
      return { ...next, status: "running", pause: null, timeline, ...startClock(next, event.ts) };
    }
    case "token":
      // A selection rewrite's tokens belong to the editor's proposal, not to the run's text.
      if (isRewriteToken(event)) return next;
      return { ...next, tokenText: next.tokenText + event.text, rate: countChunk(next.rate, event.ts) };
    case "thought":
      return { ...next, thoughtText: next.thoughtText + event.text };
    case "thinking_cut":
      return { ...next, timeline: markThinkingCut(next.timeline, event.budgetTokens) };
    case "step_tokens":
      return { ...next, timeline: countStepTokens(next.timeline, event) };
    case "progress":
      return { ...next, jobs: { ...next.jobs, [event.task]: trackProgress(next.jobs[event.task], event, Date.parse(event.ts)) } };
    case "done":
      return {
        ...next,
        status: "done",
        pause: null,
        endedAt: event.ts,
        clockStoppedAt: next.clockStoppedAt ?? event.ts,
        doneSummary: event.summary,
        doneSummaryText: event.summaryText ?? null,
        result: event.result,
        streamingSections: null,
        timeline: closeRunningSteps(next.timeline),
      };
    case "error":
      return {
        ...next,
        status: event.error.code === "aborted" ? "cancelled" : "error",
        endedAt: event.ts,
        clockStoppedAt: next.clockStoppedAt ?? event.ts,
        error: event.error,
        timeline: closeRunningSteps(next.timeline),
      };
    default:
      // A workflow's own event: only its reducer reads it.
      return next;
  }
}

/** Applies a whole log in order. */
export function applyEvents(state: SessionView, events: readonly EngineEvent[], lookup: ReducerLookup = NONE): SessionView {
  return events.reduce((view, event) => applyEvent(view, event, lookup), state);
}

/** The step a cut thought belongs to: the latest one still running (the model call runs inside it). */
function markThinkingCut(timeline: TimelineEntry[], budgetTokens: number): TimelineEntry[] {
  for (let i = timeline.length - 1; i >= 0; i--) {
    const entry = timeline[i];
    if (entry?.kind === "step" && entry.status === "running") return timeline.map((e, j) => (j === i ? { ...entry, thinkingCut: budgetTokens } : e));
  }
  return timeline;
}

/** A step's token count goes to the latest running entry of that step (steps of one session may run side by side). */
function countStepTokens(timeline: TimelineEntry[], event: Extract<EngineEvent, { type: "step_tokens" }>): TimelineEntry[] {
  for (let i = timeline.length - 1; i >= 0; i--) {
    const entry = timeline[i];
    if (entry?.kind !== "step" || entry.status !== "running" || entry.step !== event.step) continue;
    const tokens = { count: event.tokens, tokensPerSecond: event.tokensPerSecond, ...(event.maxTokens !== undefined ? { maxTokens: event.maxTokens } : {}) };
    return timeline.map((e, j) => (j === i ? { ...entry, tokens } : e));
  }
  return timeline;
}

function finishStep(
  timeline: TimelineEntry[],
  step: string,
  summary: string,
  durationMs: number,
  summaryText: StepText | undefined,
  interrupted: boolean,
): TimelineEntry[] {
  // The most recent running entry of that step is the one finishing (steps repeat across rounds).
  let index = -1;
  for (let i = timeline.length - 1; i >= 0; i--) {
    const entry = timeline[i];
    if (entry?.kind === "step" && entry.step === step && entry.status === "running") {
      index = i;
      break;
    }
  }
  if (index === -1) return timeline;
  // A step a restart cut keeps no summary of its own: the timeline says it was interrupted and ran again.
  const closed = interrupted
    ? { status: "stopped" as const, interrupted: true, durationMs }
    : { status: "done" as const, summary, durationMs, ...(summaryText ? { summaryText } : {}) };
  return timeline.map((entry, i) => (i === index && entry.kind === "step" ? { ...entry, ...closed } : entry));
}

/** Steps still open when the run fails or stops never finished: they read 未完成, not 进行中 or 完成. */
function closeRunningSteps(timeline: TimelineEntry[]): TimelineEntry[] {
  return timeline.map((entry) => (entry.kind === "step" && entry.status === "running" ? { ...entry, status: "stopped" } : entry));
}

/** The elapsed clock counts working time only: a pause, an end or an error stops it, the next step or answer starts it again. */
function startClock(view: SessionView, ts: string): Pick<SessionView, "waitedMs" | "clockStoppedAt"> {
  if (view.clockStoppedAt === null) return { waitedMs: view.waitedMs, clockStoppedAt: null };
  return { waitedMs: view.waitedMs + Math.max(0, Date.parse(ts) - Date.parse(view.clockStoppedAt)), clockStoppedAt: null };
}

/** Seconds the session has worked by `now` (its pauses and the time after its end left out). */
export function workedSeconds(view: Pick<SessionView, "startedAt" | "waitedMs" | "clockStoppedAt">, now: number): number {
  if (!view.startedAt) return 0;
  const until = view.clockStoppedAt ? Date.parse(view.clockStoppedAt) : now;
  return Math.max(0, until - Date.parse(view.startedAt) - view.waitedMs) / 1000;
}

function countChunk(rate: SessionView["rate"], ts: string): SessionView["rate"] {
  return { count: rate.count + 1, firstTs: rate.firstTs ?? ts, lastTs: ts };
}

function asContext(context: unknown): Readonly<Record<string, unknown>> {
  return context !== null && typeof context === "object" ? (context as Record<string, unknown>) : {};
}

/** Chunks per second of the current step from event timestamps, or null before two chunks. */
export function streamRate(rate: SessionView["rate"]): number | null {
  if (rate.count < 2 || !rate.firstTs || !rate.lastTs) return null;
  const seconds = (Date.parse(rate.lastTs) - Date.parse(rate.firstTs)) / 1000;
  return seconds > 0 ? (rate.count - 1) / seconds : null;
}
