import type { Edit } from "./Finding.js";
import type { Cell } from "./proseBlocks.js";

/** One UTF-16 unit per cell, so regex indices equal cell indices (astral characters become U+E001). */
export function cellString(cells: Cell[]): string {
  return cells.map((c) => (c.ch.length === 1 ? c.ch : "\uE001")).join("");
}

export const textCh = (cell: Cell | undefined): string | undefined => (cell && cell.kind === "text" ? cell.ch : undefined);

/** Delete each cell separately, so markup that sits between cells is never touched. */
export function deleteCells(cells: Cell[], from: number, to: number): Edit[] {
  const edits: Edit[] = [];
  for (let i = from; i <= to; i++) {
    const c = cells[i];
    if (c) edits.push({ start: c.start, end: c.end, text: "" });
  }
  return edits;
}

export const replaceCell = (cell: Cell, text: string): Edit => ({ start: cell.start, end: cell.end, text });

/** The cells of a run of spaces starting at i: returns the index after the run. */
export function spaceRunEnd(cells: Cell[], i: number): number {
  let j = i;
  while (j < cells.length && cells[j]?.kind === "text" && /^[ \t\u3000\u00a0]$/.test(cells[j]?.ch ?? "")) j++;
  return j;
}

/**
 * Whether a block is Chinese prose: at least as many Han characters as Latin words. Width rules (2.2 around
 * fullwidth marks, 2.3, 2.5, 2.6) do not apply to English prose that quotes a few Chinese words.
 */
export function isChineseProse(cells: Cell[]): boolean {
  let han = 0;
  let words = 0;
  let inWord = false;
  for (const c of cells) {
    const ch = c.kind === "text" ? c.ch : "";
    const latin = /^[A-Za-z]$/.test(ch);
    if (latin && !inWord) words++;
    inWord = latin;
    if (/^\p{Script=Han}$/u.test(ch)) han++;
  }
  return han > 0 && han >= words;
}
