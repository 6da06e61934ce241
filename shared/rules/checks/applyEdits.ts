import type { Edit } from "./Finding.js";

/** Apply non-overlapping edits (any order given) to text. */
export function applyEdits(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** Whether two edits touch the same text (two insertions at one point count as overlapping). */
export function editsOverlap(a: Edit, b: Edit): boolean {
  if (Math.max(a.start, b.start) < Math.min(a.end, b.end)) return true;
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  if (a.start === a.end) return b.start < a.start && a.start < b.end;
  if (b.start === b.end) return a.start < b.start && b.start < a.end;
  return false;
}
