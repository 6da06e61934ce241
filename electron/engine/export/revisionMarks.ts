import type { Root, Text } from "mdast";
import { visit } from "unist-util-visit";
import type { ChangeList } from "./trackedChangeList.js";

/** A stretch of one text node's text: unchanged, inserted, or deleted text shown where it was. */
export interface MarkedPiece {
  kind: "same" | "inserted" | "deleted";
  text: string;
  change?: number;
}

/**
 * The revisions of a change list laid onto the parsed revised document: each text node of `tree`
 * (parsed from `revised`) gets its text split into unchanged and inserted pieces, and each deletion
 * is placed in the text node at (or next after) the place it was removed from. Markup (`## `, `- `,
 * `**`) is not text, so the document is rendered the way the normal export renders it and the
 * revisions sit on top of its text. Deleted text is shown without its markdown markers.
 */
export function revisionMarks(tree: Root, revised: string, list: ChangeList): Map<Text, MarkedPiece[]> {
  const kinds: Array<{ kind: "same" | "inserted"; change?: number }> = [];
  const deletions: Array<{ at: number; text: string; change: number }> = [];
  for (const segment of list.segments) {
    if (segment.kind === "deleted") {
      const text = plainDeleted(segment.text);
      if (text) deletions.push({ at: kinds.length, text, change: segment.change! });
      continue;
    }
    for (let i = 0; i < segment.text.length; i++) kinds.push(segment.kind === "same" ? { kind: "same" } : { kind: "inserted", change: segment.change! });
  }
  const nodes: Text[] = [];
  visit(tree, "text", (node: Text) => {
    if (node.position?.start.offset !== undefined && node.position.end.offset !== undefined) nodes.push(node);
  });
  const out = new Map<Text, MarkedPiece[]>();
  if (nodes.length === 0) return out;
  const deletionsOf = new Map<Text, typeof deletions>();
  for (const deletion of deletions) {
    const node = nodes.find((n) => n.position!.end.offset! >= deletion.at) ?? nodes.at(-1)!;
    deletionsOf.set(node, [...(deletionsOf.get(node) ?? []), deletion]);
  }
  for (const node of nodes) {
    const start = node.position!.start.offset!;
    const end = node.position!.end.offset!;
    const pieces: MarkedPiece[] = [];
    const push = (piece: MarkedPiece) => {
      const last = pieces.at(-1);
      if (last && last.kind === piece.kind && last.change === piece.change) last.text += piece.text;
      else pieces.push(piece);
    };
    const own = (deletionsOf.get(node) ?? []).sort((x, y) => x.at - y.at);
    const positions = sourcePositions(node.value, revised, start, end);
    let next = 0;
    node.value.split("").forEach((char, i) => {
      // Deletions at or before this character's place in the source come first.
      while (next < own.length && own[next]!.at <= positions[i]!) {
        const d = own[next++]!;
        push({ kind: "deleted", text: d.text, change: d.change });
      }
      const k = kinds[positions[i]!] ?? { kind: "same" as const };
      push({ kind: k.kind, text: char, ...(k.change !== undefined ? { change: k.change } : {}) });
    });
    for (; next < own.length; next++) push({ kind: "deleted", text: own[next]!.text, change: own[next]!.change });
    if (pieces.some((p) => p.kind !== "same")) out.set(node, pieces);
  }
  return out;
}

/**
 * Where each character of a text node's value sits in the source: the same offsets when the value
 * is the source slice, otherwise an alignment that skips what parsing dropped (escapes, a list
 * item's indentation, entity spellings).
 */
function sourcePositions(value: string, source: string, start: number, end: number): number[] {
  const positions: number[] = [];
  let j = start;
  for (const char of value) {
    let k = j;
    while (k < end && source[k] !== char) k++;
    if (k < end) {
      positions.push(k);
      j = k + 1;
    } else positions.push(Math.min(j, end - 1));
  }
  return positions;
}

/** Removed markdown as the reader saw it: line markers, emphasis and footnote marks dropped, lines joined. */
function plainDeleted(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?|\[\^[^\]]+\]:\s*)/, ""))
    .join("")
    .replace(/\*\*|__|`|\[\^[^\]]+\]/g, "")
    .replace(/\\([[\]\\*_`])/g, "$1");
}
