import type { ThinkingMode } from "../../../shared/models.js";

/**
 * Steps with at most this many answer tokens never think: a keyword list, a ranking, a router's
 * choice or a title is over before a thought would be, and a thought would eat its whole budget.
 */
export const SHORT_STEP_TOKENS = 256;

/** Share of a prose step's answer budget its thoughts may add on top, in `budget` mode. */
const BUDGET_SHARE = 0.5;
const MIN_BUDGET = 64;
const MAX_BUDGET = 2048;

/** How one call treats thinking. */
export interface ThinkingPlan {
  /** False: the backend is asked not to think (Qwen3's empty think block, `think:false`, `enable_thinking:false`). */
  think: boolean;
  /** Thought tokens allowed before the thought is closed; 0 when not thinking, Infinity when unlimited. */
  budgetTokens: number;
}

export const NO_THINKING: ThinkingPlan = { think: false, budgetTokens: 0 };

/**
 * The plan of one call from the model's 思考 mode and the step's answer budget. Structured calls
 * pass `structured`: JSON under a grammar cannot open a thought, so the prompt must not invite one.
 */
export function thinkingPlan(mode: ThinkingMode | undefined, maxTokens: number, structured = false): ThinkingPlan {
  if (structured || mode === "off" || maxTokens <= SHORT_STEP_TOKENS) return NO_THINKING;
  if (mode === "unlimited") return { think: true, budgetTokens: Infinity };
  return { think: true, budgetTokens: Math.min(MAX_BUDGET, Math.max(MIN_BUDGET, Math.round(maxTokens * BUDGET_SHARE))) };
}

/**
 * Tokens to ask the backend for so the answer keeps its own budget: thoughts count against a
 * request's token limit on every backend. Unlimited thinking still stops somewhere: `ceiling`.
 */
export function requestTokens(plan: ThinkingPlan, maxTokens: number, ceiling: number): number {
  if (!plan.think) return maxTokens;
  if (!Number.isFinite(plan.budgetTokens)) return Math.max(maxTokens, ceiling);
  return maxTokens + plan.budgetTokens;
}
