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

/** How far an excerpt may be from the cited line before the line is corrected to where the excerpt is. */
const EXCERPT_WINDOW = 3;

/**
 * The brief's `validate_review_result`: drops violations whose rule id is not one of the module's
 * ids or whose line is outside the draft, moves a line to where its excerpt actually is when the
 * model was a few lines off, and de-duplicates. Returns what was kept and why the rest was refused.
 */
export function validateReviewResult(
  result: ReviewResult,
  ruleIds: readonly string[],
  draft: string,
): { violations: ReviewViolation[]; rejected: Array<{ rule_id: string; line: number; why: string }> } {
  const lines = draft.split("\n");
  const ids = new Set(ruleIds);
  const violations: ReviewViolation[] = [];
  const rejected: Array<{ rule_id: string; line: number; why: string }> = [];
  const seen = new Set<string>();
  for (const v of result.violations ?? []) {
    if (!ids.has(v.rule_id)) {
      rejected.push({ rule_id: v.rule_id, line: v.line, why: `unknown rule id ${v.rule_id}` });
      continue;
    }
    if (!Number.isInteger(v.line) || v.line < 1 || v.line > lines.length) {
      rejected.push({ rule_id: v.rule_id, line: v.line, why: `line ${v.line} outside 1–${lines.length}` });
      continue;
    }
    let line = v.line;
    const excerpt = (v.excerpt ?? "").trim();
    if (excerpt && !lines[line - 1]!.includes(excerpt)) {
      for (let d = 1; d <= EXCERPT_WINDOW; d++) {
        if (lines[line - 1 - d]?.includes(excerpt)) {
          line -= d;
          break;
        }
        if (lines[line - 1 + d]?.includes(excerpt)) {
          line += d;
          break;
        }
      }
    }
    const key = `${v.rule_id}:${line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push({ rule_id: v.rule_id, line, excerpt: excerpt.slice(0, 80), comment: (v.comment ?? "").slice(0, 200), source: "model" });
  }
  return { violations, rejected };
}
