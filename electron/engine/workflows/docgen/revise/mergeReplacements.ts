import { normaliseForMatch, stripLineNumbers } from "./lineNumbers.js";

/** One replacement of a RevisePlan, as the model wrote it (1-based inclusive lines). */
export interface Replacement {
  start_line: number;
  end_line: number;
  old_text: string;
  new_content: string;
  reason: string;
}

/** A replacement proposed for one rule group, with the lines that group's violations point at. */
export interface Candidate extends Replacement {
  /** Rule id of the group (`2.1`), or `fix` for a deterministic fix. */
  group: string;
  /** Lines of the group's violations; the replacement must stay within ± margin of them. */
  violationLines: readonly number[];
}

export type DropReason = "out_of_range" | "outside_group" | "old_text_mismatch" | "no_change" | "new_violations" | "conflict";

/** What became of one proposed replacement; shown as the round's diff. */
export interface ReplacementRecord {
  group: string;
  start_line: number;
  end_line: number;
  old: string;
  new: string;
  reason: string;
  status: "kept" | "dropped";
  /** Why it was dropped (absent when kept), with a detail such as the new violations. */
  dropped?: { reason: DropReason; detail?: string };
}

export interface MergeOptions {
  /** Lines a replacement may reach beyond its group's violation lines; default 2. */
  margin?: number;
  /**
   * New mechanical violations the replacement would introduce (empty when none): called with the
   * draft after applying only this replacement (the caller knows the draft before).
   */
  newViolations?: (after: string) => string[];
}

export interface MergeResult {
  text: string;
  records: ReplacementRecord[];
}

/**
 * Validate and merge a round's replacements. Each must be in range, stay near its group's
 * violation lines, echo the current lines in `old_text` (whitespace-normalised), change something
 * and introduce no new mechanical violation. `dddd: ` prefixes in `new_content` are stripped.
 * The survivors are sorted by `start_line` descending; one whose `end_line` reaches the last kept
 * `start_line` is dropped as a conflict; the rest are applied bottom-up, so earlier line numbers
 * stay valid. Every replacement is recorded, kept or dropped.
 */
export function mergeReplacements(draft: string, candidates: readonly Candidate[], options: MergeOptions = {}): MergeResult {
  const margin = options.margin ?? 2;
  const lines = draft.split("\n");
  const records: ReplacementRecord[] = [];
  const valid: Array<{ c: Candidate; newLines: string[]; record: ReplacementRecord }> = [];
  for (const c of candidates) {
    const newContent = stripLineNumbers(c.new_content);
    const record: ReplacementRecord = { group: c.group, start_line: c.start_line, end_line: c.end_line, old: c.old_text, new: newContent, reason: c.reason, status: "dropped" };
    records.push(record);
    const drop = (reason: DropReason, detail?: string) => {
      record.dropped = detail ? { reason, detail } : { reason };
    };
    if (!Number.isInteger(c.start_line) || !Number.isInteger(c.end_line) || c.start_line < 1 || c.end_line < c.start_line || c.end_line > lines.length) {
      drop("out_of_range", `lines ${c.start_line}–${c.end_line} of ${lines.length}`);
      continue;
    }
    const near = (line: number) => c.violationLines.some((v) => Math.abs(v - line) <= margin);
    let inside = true;
    for (let l = c.start_line; l <= c.end_line && inside; l++) inside = near(l);
    if (!inside) {
      drop("outside_group", `violations at ${c.violationLines.join(", ") || "none"}`);
      continue;
    }
    const current = lines.slice(c.start_line - 1, c.end_line);
    record.old = current.join("\n");
    if (normaliseForMatch(c.old_text) !== normaliseForMatch(record.old)) {
      drop("old_text_mismatch");
      continue;
    }
    const newLines = newContent.split("\n");
    if (newContent === record.old) {
      drop("no_change");
      continue;
    }
    if (options.newViolations) {
      const after = [...lines.slice(0, c.start_line - 1), ...newLines, ...lines.slice(c.end_line)].join("\n");
      const introduced = options.newViolations(after);
      if (introduced.length) {
        drop("new_violations", introduced.slice(0, 5).join("; "));
        continue;
      }
    }
    valid.push({ c, newLines, record });
  }
  valid.sort((a, b) => b.c.start_line - a.c.start_line || b.c.end_line - a.c.end_line);
  let lastKeptStart = Infinity;
  const out = [...lines];
  for (const v of valid) {
    if (v.c.end_line >= lastKeptStart) {
      v.record.dropped = { reason: "conflict", detail: `overlaps a replacement starting at line ${lastKeptStart}` };
      continue;
    }
    out.splice(v.c.start_line - 1, v.c.end_line - v.c.start_line + 1, ...v.newLines);
    v.record.status = "kept";
    lastKeptStart = v.c.start_line;
  }
  return { text: out.join("\n"), records };
}
