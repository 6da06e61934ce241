import type { ReviewResult } from "../schemas.js";

/** A violation the workflow keeps: a real rule of the module and a line inside the draft. */
export interface ReviewViolation {
  rule_id: string;
  line: number;
  excerpt: string;
  comment: string;
  /** `checker`: the deterministic checkers found it; `model`: the review model did. */
  source: "checker" | "model";
}

/**
 * The brief's `validate_review_result`: drops violations whose rule id is not one of the module's
 * ids or whose line is outside the draft. Where the excerpt really is, and whether the finding is
 * kept at all, is guardFindings' part (it also de-duplicates after moving lines).
 */
export function validateReviewResult(
  result: ReviewResult,
  ruleIds: readonly string[],
  draft: string,
): { violations: ReviewViolation[]; rejected: Array<{ rule_id: string; line: number; why: string }> } {
  const lineCount = draft.split("\n").length;
  const ids = new Set(ruleIds);
  const violations: ReviewViolation[] = [];
  const rejected: Array<{ rule_id: string; line: number; why: string }> = [];
  for (const v of result.violations ?? []) {
    if (!ids.has(v.rule_id)) {
      rejected.push({ rule_id: v.rule_id, line: v.line, why: `unknown rule id ${v.rule_id}` });
      continue;
    }
    if (!Number.isInteger(v.line) || v.line < 1 || v.line > lineCount) {
      rejected.push({ rule_id: v.rule_id, line: v.line, why: `line ${v.line} outside 1–${lineCount}` });
      continue;
    }
    violations.push({ rule_id: v.rule_id, line: v.line, excerpt: (v.excerpt ?? "").trim().slice(0, 80), comment: (v.comment ?? "").slice(0, 200), source: "model" });
  }
  return { violations, rejected };
}
