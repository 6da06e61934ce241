import type { StepTokenCount } from "./sessionView.js";

/**
 * Seconds a running step may still take: what is left of its token budget at its measured rate.
 * An upper estimate (a reply may end before its budget); null without a budget or a rate yet,
 * or once the budget is spent (a continuation runs past it).
 */
export function stepSecondsLeft(tokens: StepTokenCount): number | null {
  if (tokens.maxTokens === undefined || tokens.tokensPerSecond <= 0 || tokens.count >= tokens.maxTokens) return null;
  return Math.ceil((tokens.maxTokens - tokens.count) / tokens.tokensPerSecond);
}
