/** A line-range patch: replace lines startLine..endLine (1-based, inclusive) with `text` (no trailing newline). */
export interface LineReplacement {
  startLine: number;
  endLine: number;
  text: string;
}

/** One finding of the deterministic checkers. */
export interface Violation {
  /** Rule id from rules/DOC_GUIDELINES.md, e.g. "2.1". */
  rule: string;
  /** 1-based line. */
  line: number;
  /** 1-based column in UTF-16 code units (what editors such as Monaco use). */
  column: number;
  /** Chinese message for the writer. */
  message: string;
  /** Present only when the fix is certain; applying it alone fixes this violation. */
  replacement?: LineReplacement;
}

export interface LintResult {
  violations: Violation[];
}
