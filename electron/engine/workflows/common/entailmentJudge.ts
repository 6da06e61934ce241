import type { LlmClient, RankChoicesOptions } from "../../llm/LlmClient.js";
import type { ClaimJudge } from "./checkClaims.js";
import { calibrate, contentFreePrior, type ContentFreePrior } from "./contentFreePrior.js";

const SYSTEM = "Decide whether the passage says what the claim says, in the same or other words. Answer yes or no.";

/**
 * Worked examples in other domains than any paper (a small base model copies an example's topic):
 * paraphrases answered yes, a changed fact and a reversed direction answered no, zh and en.
 */
const EXAMPLES = [
  ["The new vaccine prevented infection in 90 of 100 volunteers.", "Most volunteers who got the vaccine stayed free of infection.", "yes"],
  ["The library opened in 1998 and holds about 40,000 books.", "The library opened in 2005.", "no"],
  ["该软件在旧电脑上运行缓慢，但在新电脑上很流畅。", "这款软件在新的电脑上用起来很顺畅。", "yes"],
  ["Rainfall in the region rose steadily over the decade.", "The region got drier over the decade.", "no"],
]
  .map(([passage, claim, answer]) => `Passage: ${passage}\nClaim: ${claim}\nSupported: ${answer}`)
  .join("\n\n");

/**
 * How far the calibrated odds of "yes" must exceed those of "no" for a passage to support the
 * claim: even odds. Looked at on the in-repo sets (tests/fixtures/papers/claims.jsonl,
 * claim-pairs-tune.jsonl, bench/eval/sets/papers/claims.jsonl), never on
 * bench/eval/sets/claims-pairs.jsonl; on Gemma 3 270M no threshold separates them much better.
 */
export const ENTAILMENT_ODDS = 1;
const CONTENT_FREE = "N/A";

function options(passage: string, claim: string, signal: AbortSignal | undefined): RankChoicesOptions {
  return {
    system: SYSTEM,
    prompt: `${EXAMPLES}\n\nPassage: ${passage}\nClaim: ${claim}`,
    answerCue: "Supported:",
    choices: ["yes", "no"],
    tag: { role: "paper", step: "entailment" },
    ...(signal ? { signal } : {}),
  };
}

/**
 * The grey-zone judge as a yes/no entailment question per passage, read from the next-token
 * probabilities of "yes" and "no" (no token is sampled, so a weak model cannot wander off or
 * answer in the wrong shape). The odds are divided by those of a content-free question ("N/A"
 * for passage and claim: contextual calibration), which removes the model's pull toward one word
 * whatever it reads. The claim is supported when the calibrated odds on the passage closest in
 * wording reach ENTAILMENT_ODDS. Where the backend exposes no probabilities, `fallback` decides (the
 * grammar-constrained JSON judge).
 */
export function entailmentJudge(llm: LlmClient, fallback: ClaimJudge): ClaimJudge {
  let prior: Promise<ContentFreePrior | null> | undefined;
  return async (claim, windows, signal) => {
    if (!llm.rankChoices || windows.length === 0) return fallback(claim, windows, signal);
    prior ??= contentFreePrior(llm, (free) => options(free, free, signal), [CONTENT_FREE]);
    const base = await prior;
    if (!base) return fallback(claim, windows, signal);
    // Only the passage closest in wording is asked: on a small model the best of several noisy
    // answers is a "yes" more often than the passages deserve.
    const window = windows[0]!;
    const probabilities = await llm.rankChoices(options(window.text, claim, signal));
    if (!probabilities) return fallback(claim, windows, signal);
    return { supported: entailmentOdds(probabilities, base.weights) >= ENTAILMENT_ODDS, evidence_chunk_id: window.chunk_id };
  };
}

/** Calibrated odds of yes over no: each probability divided by its content-free prior. */
export function entailmentOdds([yes, no]: number[], [baseYes, baseNo]: number[]): number {
  const [calibratedYes, calibratedNo] = calibrate([yes ?? 0, no ?? 0], [baseYes ?? 0, baseNo ?? 0]);
  return calibratedYes! / Math.max(calibratedNo!, 1e-9);
}
