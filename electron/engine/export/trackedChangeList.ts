import { diffArrays } from "diff";

/**
 * A replacement a workflow reports (the doc generator's review keeps them): what the comment on a
 * tracked revision explains. The one declaration; workflows map their own records onto it.
 */
export interface Replacement {
  /** Rule id (`2.1`), or `fix` for a deterministic fix. */
  group: string;
  start_line: number;
  end_line: number;
  old: string;
  new: string;
  reason: string;
}

/** One stretch of the document: unchanged, only in the original (deleted) or only in the revision (inserted). */
export interface ChangeSegment {
  kind: "same" | "deleted" | "inserted";
  text: string;
  /** Index of the change (a run of deleted/inserted segments); absent for `same`. */
  change?: number;
}

/** One change: where it sits in the segment list and the replacement that explains it, if any. */
export interface TrackedChange {
  index: number;
  deleted: string;
  inserted: string;
  replacement: Replacement | null;
}

export interface ChangeList {
  segments: ChangeSegment[];
  changes: TrackedChange[];
}

// Words for Latin text, single characters for CJK (the word segmenter's dictionary words would make
// one edited character replace a whole phrase); every newline is a token of its own, so a
// paragraph mark is inserted or deleted like any other text.
const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

function tokens(text: string): string[] {
  const out: string[] = [];
  // A footnote mark (`[^m001]`) is one token: a changed citation is replaced whole, never half a mark.
  for (const part of text.split(/(\[\^[^\]\s]+\])/)) {
    if (/^\[\^[^\]\s]+\]$/.test(part)) out.push(part);
    else if (part) wordTokens(part, out);
  }
  return out;
}

function wordTokens(text: string, out: string[]): void {
  for (const { segment } of segmenter.segment(text)) {
    if (/[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(segment) && segment.length > 1) out.push(...Array.from(segment));
    else if (segment.includes("\n") && segment !== "\n") out.push(...segment.split(/(\n)/).filter(Boolean));
    else out.push(segment);
  }
}

/**
 * The change list from `original` to `revised`: a token diff (words, CJK characters, newlines).
 * Concatenating `same` + `inserted` segments gives `revised` exactly, `same` + `deleted` gives
 * `original` exactly. Each change is matched to the kept replacement whose old or new text
 * contains it, so the revision can carry the rule id and reason as its comment.
 */
export function trackedChangeList(original: string, revised: string, replacements: readonly Replacement[] = []): ChangeList {
  const segments: ChangeSegment[] = [];
  const changes: TrackedChange[] = [];
  let open: TrackedChange | null = null;
  for (const part of diffArrays(tokens(original), tokens(revised))) {
    const text = part.value.join("");
    if (!part.added && !part.removed) {
      open = null;
      segments.push({ kind: "same", text });
      continue;
    }
    if (!open) {
      open = { index: changes.length, deleted: "", inserted: "", replacement: null };
      changes.push(open);
    }
    if (part.added) open.inserted += text;
    else open.deleted += text;
    segments.push({ kind: part.added ? "inserted" : "deleted", text, change: open.index });
  }
  for (const change of changes) change.replacement = explain(change, replacements);
  return { segments, changes };
}

/** The replacement that best explains a change: both sides found in it first, then either side. */
function explain(change: TrackedChange, replacements: readonly Replacement[]): Replacement | null {
  const del = change.deleted.trim();
  const ins = change.inserted.trim();
  const inOld = (r: Replacement) => del !== "" && r.old.includes(del);
  const inNew = (r: Replacement) => ins !== "" && r.new.includes(ins);
  return (
    replacements.find((r) => (del === "" || inOld(r)) && (ins === "" || inNew(r))) ??
    replacements.find((r) => inOld(r) || inNew(r)) ??
    null
  );
}

/** The text after accepting (`accept`) or rejecting every change. */
export function resolveChanges(list: ChangeList, accept: boolean): string {
  return list.segments.filter((s) => s.kind === "same" || s.kind === (accept ? "inserted" : "deleted")).map((s) => s.text).join("");
}

/** The text with the changes in `accepted` applied and every other change rejected (per-change review). */
export function applyChoices(list: ChangeList, accepted: ReadonlySet<number>): string {
  return list.segments
    .filter((s) => s.kind === "same" || (s.kind === "inserted") === accepted.has(s.change ?? -1))
    .map((s) => s.text)
    .join("");
}

/**
 * The unchanged text on each side of every change, up to `chars` characters within its line, so a
 * list of changes can show where each sits: an inserted space alone shows as nothing at all.
 */
export function changeContexts(list: ChangeList, chars = 16): Map<number, { before: string; after: string }> {
  const out = new Map<number, { before: string; after: string }>();
  list.segments.forEach((segment, i) => {
    if (segment.change === undefined || out.has(segment.change)) return;
    const index = segment.change;
    let previous = "";
    for (let k = i - 1; k >= 0 && list.segments[k]!.change === undefined; k--) previous = list.segments[k]!.text + previous;
    let j = i;
    while (j < list.segments.length && list.segments[j]!.change === index) j++;
    let next = "";
    for (let k = j; k < list.segments.length && list.segments[k]!.change === undefined; k++) next += list.segments[k]!.text;
    const before = previous.split("\n").at(-1)!;
    const after = next.split("\n")[0]!;
    out.set(index, { before: Array.from(before).slice(-chars).join(""), after: Array.from(after).slice(0, chars).join("") });
  });
  return out;
}
