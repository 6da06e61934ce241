import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { EventDraft } from "../../../../shared/events.js";
import type { Locale } from "./prompts.js";
import type { ArticleStateValues } from "./state.js";

/** The session id a node works for: the runner runs every session on `thread_id = sessionId`. */
export function sessionIdOf(config: LangGraphRunnableConfig): string {
  const id = config.configurable?.thread_id;
  if (typeof id !== "string" || !id) throw new ScriptoriumError("internal", "article node run without configurable.thread_id");
  return id;
}

/** Publish an event through the runner (custom stream mode); a no-op outside a stream. */
export function emit(config: LangGraphRunnableConfig, event: EventDraft): void {
  config.writer?.(event);
}

export type Agent = "researcher" | "writer" | "editor" | "system";

/**
 * Run a node's work between `step_start` and `step_done`; `work` returns the update and the one-line
 * summary shown in the timeline.
 */
export async function runStep<T>(
  config: LangGraphRunnableConfig,
  step: { step: string; agent: Agent; label: string },
  work: () => Promise<{ update: T; summary: string }>,
): Promise<T> {
  const started = performance.now();
  emit(config, { type: "step_start", step: step.step, agent: step.agent, label: step.label });
  const { update, summary } = await work();
  emit(config, { type: "step_done", step: step.step, agent: step.agent, summary, durationMs: Math.round(performance.now() - started) });
  return update;
}

/** The article's locale; set by intent_parser, so later nodes always find it. */
export function localeOf(state: ArticleStateValues): Locale {
  return state.parsed_intent?.locale ?? state.input.locale ?? "zh";
}

/** Pick the zh or en text. */
export const say = (locale: Locale, zh: string, en: string) => (locale === "zh" ? zh : en);
