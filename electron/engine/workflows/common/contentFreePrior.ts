import type { LlmClient, RankChoicesOptions } from "../../llm/LlmClient.js";

/** The model's pull toward each choice before it reads any content, and how far that pull itself moves. */
export interface ContentFreePrior {
  /** Per choice: its probability on each content-free input (normalised to sum 1), averaged in log space. */
  weights: number[];
  /**
   * The largest factor by which two content-free inputs disagree on one choice's weight (1 with one
   * input): how much the weights move when nothing but a meaningless input changes.
   */
  spread: number;
}

/**
 * Contextual calibration (Zhao et al. 2021, "Calibrate before use"): the same prompt asked with each
 * content-free input in place of the case to decide. Dividing a case's probabilities by the prior's
 * weights (`calibrate`) removes the preference for one label that a small model shows whatever it
 * reads. The calls are marked `reusable` (no user text in them), so a backend may keep their answers
 * while the same model is loaded. Null where the backend exposes no probabilities.
 */
export async function contentFreePrior(
  llm: LlmClient,
  optionsFor: (contentFree: string) => RankChoicesOptions,
  inputs: readonly string[],
): Promise<ContentFreePrior | null> {
  if (!llm.rankChoices || inputs.length === 0) return null;
  const answers: number[][] = [];
  for (const input of inputs) {
    const probabilities = await llm.rankChoices({ ...optionsFor(input), reusable: true });
    if (!probabilities) return null;
    const total = probabilities.reduce((sum, p) => sum + p, 0);
    answers.push(probabilities.map((p) => Math.max(total > 0 ? p / total : 0, 1e-9)));
  }
  const weights = answers[0]!.map((_, i) => Math.exp(answers.reduce((sum, answer) => sum + Math.log(answer[i]!), 0) / answers.length));
  const spread = Math.max(...weights.map((_, i) => Math.max(...answers.map((a) => a[i]!)) / Math.min(...answers.map((a) => a[i]!))));
  return { weights, spread };
}

/** Each probability divided by its content-free weight (floored, so a choice the prior never names does not divide by 0). */
export function calibrate(probabilities: readonly number[], prior: readonly number[]): number[] {
  return probabilities.map((p, i) => p / Math.max(prior[i] ?? 0, 1e-6));
}
