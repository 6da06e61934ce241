import type { Review } from "../../../../shared/workflows/article.js";
import type { Settings } from "../../../../shared/models.js";
import type { AspectReviewLlm } from "./schemas.js";

/**
 * Merge the three aspect reviews into one Review: overall is the weighted mean (weights normalised;
 * all-zero weights fall back to equal ones), rounded to an integer; the verdict passes only when
 * overall ≥ threshold and no aspect reports a major issue.
 */
export function combineReview(
  aspects: { facts: AspectReviewLlm; logic: AspectReviewLlm; language: AspectReviewLlm },
  article: Settings["article"],
  round: number,
): Review {
  const clamp = (score: number) => Math.min(100, Math.max(0, Math.round(score)));
  const facts = { score: clamp(aspects.facts.score), issues: aspects.facts.issues.slice(0, 8) };
  const logic = { score: clamp(aspects.logic.score), issues: aspects.logic.issues.slice(0, 8) };
  const language = { score: clamp(aspects.language.score), issues: aspects.language.issues.slice(0, 8) };
  const { weights } = article;
  const total = weights.facts + weights.logic + weights.language;
  const [wf, wl, wg] = total > 0 ? [weights.facts / total, weights.logic / total, weights.language / total] : [1 / 3, 1 / 3, 1 / 3];
  const overall = clamp(facts.score * wf + logic.score * wl + language.score * wg);
  const hasMajor = [facts, logic, language].some((aspect) => aspect.issues.some((issue) => issue.severity === "major"));
  const verdict = overall >= article.reviewThreshold && !hasMajor ? "pass" : "reject";
  return { facts, logic, language, overall, threshold: article.reviewThreshold, verdict, round };
}
