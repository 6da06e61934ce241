import type { DocViolation } from "../../../../../shared/workflows/docgen.js";
import type { Violation } from "../../../../../shared/rules/Violation.js";

/**
 * What one module review hands to its revise, as typed data (checkpointed with the state, so plain
 * JSON): the findings, which checker findings the module's deterministic fix repairs, and the lint
 * of the reviewed draft keyed by rule and line text. The revise reads these instead of parsing
 * comment strings back to rule ids or linting the same draft again.
 */
export interface ModuleFindings {
  /** Checker and validated model findings on the reviewed draft. */
  violations: DocViolation[];
  /** `rule:line` of the checker findings the module's deterministic fix repairs. */
  fixable: string[];
  /** Every mechanical finding of the reviewed draft (all rules), counted by `rule@line text`. */
  lintIndex: Record<string, number>;
}

/** `rule:line`, the key of `ModuleFindings.fixable`. */
export const fixableKey = (rule: string, line: number): string => `${rule}:${line}`;

/** The lint of a draft counted by `rule@line text` (line numbers shift when a replacement changes the line count). */
export function lintIndexOf(text: string, violations: readonly Violation[]): Record<string, number> {
  const lines = text.split("\n");
  const counts: Record<string, number> = {};
  for (const v of violations) {
    const key = `${v.rule}@${lines[v.line - 1] ?? ""}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Findings grouped by rule id, in first-seen order (one revise call per group). */
export function groupByRule<T extends { rule_id: string }>(violations: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const v of violations) groups.set(v.rule_id, [...(groups.get(v.rule_id) ?? []), v]);
  return groups;
}
