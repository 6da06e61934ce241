import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { Agent, EventDraft, StepText } from "../../../../shared/events.js";
import { runInStepScope } from "../../llm/sessionLlmScope.js";

export type { Agent };

/** The session id a node works for: the runner runs every session on `thread_id = sessionId`. */
export function sessionIdOf(config: LangGraphRunnableConfig): string {
  const id = config.configurable?.thread_id;
  if (typeof id !== "string" || !id) throw new ScriptoriumError("internal", "node run without configurable.thread_id");
  return id;
}

/** Publish an event through the runner (custom stream mode); a no-op outside a stream. */
export function emit(config: LangGraphRunnableConfig, event: EventDraft): void {
  config.writer?.(event);
}

/** A step of the timeline: its id, the agent it belongs to and the label shown while it runs. */
export interface StepInfo {
  step: string;
  agent: Agent;
  label: string;
  /** The label as a message the UI translates (`<workflow>.step.<key>`); default: the step id. */
  labelText?: StepText;
}

/** What a step's work returns: the update, the plain one-line summary, and that line as a message the UI translates. */
export interface StepResult<T> {
  update: T;
  summary: string;
  summaryText?: StepText;
}

/** A summary in both forms: `text` (logs, CLI) and `<workflow>.summary.<key>` with `params` for the UI. */
export function summaryOf(key: string, params: NonNullable<StepText["params"]>, text: string): { summary: string; summaryText: StepText } {
  return { summary: text, summaryText: { key, params } };
}

/**
 * Run a node's work between `step_start` and `step_done`; `work` returns the update and the one-line
 * summary shown in the timeline. A step that throws emits no `step_done` (the runner reports the error).
 */
export async function runStep<T>(config: LangGraphRunnableConfig, step: StepInfo, work: () => Promise<StepResult<T>>): Promise<T> {
  const started = performance.now();
  emit(config, { type: "step_start", step: step.step, agent: step.agent, label: step.label, ...(step.labelText ? { labelText: step.labelText } : {}) });
  // The step's model calls count toward it (step_tokens: tokens so far, rate, time left).
  const { update, summary, summaryText } = await runInStepScope(step.step, (info) => emit(config, { type: "step_tokens", ...info }), work);
  emit(config, { type: "step_done", step: step.step, agent: step.agent, summary, ...(summaryText ? { summaryText } : {}), durationMs: Math.round(performance.now() - started) });
  return update;
}

/** A timeline line in both forms: the plain text in the document's language and the message the UI translates. */
export interface StepLine {
  text: string;
  message: StepText;
}

/** A line followed by notes (skipped when null): the texts concatenated, the messages as `notes`. */
export function withNotes(main: StepLine, ...notes: (StepLine | null)[]): StepLine {
  const kept = notes.filter((note): note is StepLine => note !== null);
  if (!kept.length) return main;
  return {
    text: main.text + kept.map((note) => note.text).join(""),
    message: { ...main.message, notes: [...(main.message.notes ?? []), ...kept.map(({ message: { notes: _, ...line } }) => line)] },
  };
}

/** A step's label fields from a line. */
export const labelFrom = (line: StepLine) => ({ label: line.text, labelText: line.message });

/** A step's summary fields from a line. */
export const summaryFrom = (line: StepLine) => ({ summary: line.text, summaryText: line.message });

/** Pick the zh or en text. */
export const say = (locale: "zh" | "en", zh: string, en: string) => (locale === "zh" ? zh : en);
