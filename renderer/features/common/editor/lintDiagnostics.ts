import type { Violation } from "../../../../shared/rules/Violation.js";

/** A lint mark in document offsets, with the fix the checker is certain of. */
export interface LintMark {
  from: number;
  to: number;
  rule: string;
  message: string;
  /** Replace `[fixFrom, fixTo)` — which must still read `expected` — with `insert`. */
  fix?: { from: number; to: number; expected: string; insert: string };
}

/** Offsets of the start of each line (0-based index → offset). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/**
 * Turns the checkers' line/column findings into editor ranges. A finding on a line that does not
 * exist is dropped (the checkers and the editor must agree on the text; never mark out of range).
 * The mark covers the character at the column (at least one, never past the line end).
 */
export function violationsToMarks(text: string, violations: readonly Violation[]): LintMark[] {
  const starts = lineStarts(text);
  const lineEnd = (line: number) => (line < starts.length ? (starts[line] ?? text.length) - 1 : text.length);
  const marks: LintMark[] = [];
  for (const v of violations) {
    if (v.line < 1 || v.line > starts.length) continue;
    const start = starts[v.line - 1] ?? 0;
    const end = Math.max(start, lineEnd(v.line));
    const from = Math.min(start + Math.max(0, v.column - 1), end);
    const to = Math.min(Math.max(from + 1, from), Math.max(end, from + (end > from ? 1 : 0)));
    const mark: LintMark = { from, to: Math.min(to, text.length), rule: v.rule, message: v.message };
    const r = v.replacement;
    if (r && r.startLine >= 1 && r.endLine >= r.startLine && r.endLine <= starts.length) {
      const fixFrom = starts[r.startLine - 1] ?? 0;
      const fixTo = Math.max(fixFrom, lineEnd(r.endLine));
      mark.fix = { from: fixFrom, to: fixTo, expected: text.slice(fixFrom, fixTo), insert: r.text };
    }
    marks.push(mark);
  }
  return marks;
}
