import { analyzeMarkdown } from "./checks/analyzeMarkdown.js";
import { applyEdits } from "./checks/applyEdits.js";
import type { Finding } from "./checks/Finding.js";
import { LineIndex } from "./checks/lineIndex.js";
import { resolveConventions, type TypographyConventions } from "./TypographyConventions.js";
import type { LintResult, Violation } from "./Violation.js";

export interface LintOptions {
  /** Only report these rule ids (e.g. ["2.1", "2.9"]); all checked rules by default. */
  rules?: readonly string[];
}

/**
 * Check a markdown document against the mechanical rules of rules/DOC_GUIDELINES.md. Code, URLs, HTML,
 * front matter, containers, anchors, math and template tags are never read as prose.
 */
export function lintMarkdown(text: string, conventions?: Partial<TypographyConventions>, options: LintOptions = {}): LintResult {
  const conv = resolveConventions(conventions);
  const index = new LineIndex(text);
  const findings = analyzeMarkdown(text, conv).filter((f) => !options.rules || options.rules.includes(f.rule));
  const violations = findings.map((f) => toViolation(text, index, f));
  violations.sort((a, b) => a.line - b.line || a.column - b.column);
  return { violations };
}

function toViolation(text: string, index: LineIndex, f: Finding): Violation {
  const v: Violation = { rule: f.rule, line: index.lineOf(f.offset), column: index.columnOf(f.offset), message: f.message };
  if (f.edits && f.edits.length) {
    const from = Math.min(...f.edits.map((e) => e.start));
    const to = Math.max(...f.edits.map((e) => e.end));
    const startLine = index.lineOf(from);
    const endLine = index.lineOf(to);
    const regionStart = index.lineStart(startLine);
    const regionEnd = Math.max(index.lineContentEnd(endLine), to);
    const region = text.slice(regionStart, regionEnd);
    const shifted = f.edits.map((e) => ({ start: e.start - regionStart, end: e.end - regionStart, text: e.text }));
    v.replacement = { startLine, endLine, text: applyEdits(region, shifted) };
  }
  return v;
}
