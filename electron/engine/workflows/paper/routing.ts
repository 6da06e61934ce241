import { PAPER_INTENTS, type PaperIntent } from "../../../../shared/workflows/paper.js";
import { parseLenientJson } from "../../llm/lenientJson.js";
import type { PaperState } from "./state.js";

const isIntent = (value: unknown): value is PaperIntent => typeof value === "string" && (PAPER_INTENTS as readonly string[]).includes(value);

/**
 * The brief's lenient parse of a router reply, for backends without grammar: JSON with an
 * `intent` → the `"intent": "(\w+)"` pattern → the first of the seven names in the text → `chat`.
 * Returns which layer decided, for logs and tests.
 */
export function parseIntentLenient(text: string): { intent: PaperIntent; layer: "json" | "regex" | "name" | "fallback" } {
  const parsed = parseLenientJson(text);
  if (parsed.ok && parsed.value && typeof parsed.value === "object" && isIntent((parsed.value as { intent?: unknown }).intent)) {
    return { intent: (parsed.value as { intent: PaperIntent }).intent, layer: "json" };
  }
  const match = /"intent"\s*:\s*"(\w+)"/.exec(text);
  if (match && isIntent(match[1])) return { intent: match[1], layer: "regex" };
  let first: { intent: PaperIntent; at: number } | undefined;
  for (const name of PAPER_INTENTS) {
    const at = text.search(new RegExp(`(?<![a-z_])${name}(?![a-z_])`));
    if (at >= 0 && (!first || at < first.at)) first = { intent: name, at };
  }
  return first ? { intent: first.intent, layer: "name" } : { intent: "chat", layer: "fallback" };
}

/** Node of each intent's agent; deep read starts at its extraction stage. */
export const AGENT_NODES = {
  chat: "chat",
  critical: "critical",
  deep_read: "extraction",
  extract: "extract",
  translate: "translate",
  recommend: "recommend",
  literature_review: "literature_review",
} as const satisfies Record<PaperIntent, string>;
export type AgentNode = (typeof AGENT_NODES)[PaperIntent];

/** After the router: the intent's agent; anything unexpected falls back to chat. */
export function routeToAgent(state: Pick<PaperState, "intent">): AgentNode {
  return isIntent(state.intent) ? AGENT_NODES[state.intent] : "chat";
}

/** After the hallucination check: rewrite the synthesis, or go on (also the fallback). */
export function routeAfterCheck(state: Pick<PaperState, "hallucination_check" | "halluc_iteration" | "max_halluc_iterations">): "synthesis" | "questioner" {
  return state.hallucination_check === "retry" && state.halluc_iteration <= state.max_halluc_iterations ? "synthesis" : "questioner";
}

/** After an answer is remembered: wait for the next question, or end a one-question session. */
export function routeAfterAnswer(state: Pick<PaperState, "paper_metadata">): "await_question" | "__end__" {
  return state.paper_metadata.single_question ? "__end__" : "await_question";
}

/** After the pause: `ask` → the next question; `end` and anything else → the end. */
export function routeAfterPause(state: Pick<PaperState, "resume">): "take_question" | "__end__" {
  return state.resume?.payload?.action === "ask" ? "take_question" : "__end__";
}
