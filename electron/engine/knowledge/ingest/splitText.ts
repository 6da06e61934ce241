import { RecursiveCharacterTextSplitter } from "@langchain/textsplitters";

/** Paragraphs, lines, then Chinese and Latin sentence and clause marks, then characters. */
export const CHINESE_SEPARATORS = ["\n\n", "\n", "。", "！", "？", "；", "，", " ", ""];

export interface SplitPiece {
  text: string;
  /** 1-based inclusive lines of `text` within the input, offset by `firstLine - 1`. */
  lineStart: number;
  lineEnd: number;
}

export interface SplitOptions {
  /** Characters per chunk; default 500. */
  chunkSize?: number;
  /** Characters shared by neighbouring chunks; default 50. */
  chunkOverlap?: number;
  /** Line number of the input's first line in its file; default 1. */
  firstLine?: number;
}

const LEADING_MARK = /^[。！？；，、]+/;

/**
 * Recursive character split with Chinese-aware separators, each piece located back in the input
 * to give its line range. The splitter keeps a separator at the start of the next piece, so a
 * sentence mark that would open a chunk is moved back to the end of the previous one.
 */
export async function splitText(text: string, options: SplitOptions = {}): Promise<SplitPiece[]> {
  const splitter = new RecursiveCharacterTextSplitter({
    chunkSize: options.chunkSize ?? 500,
    chunkOverlap: options.chunkOverlap ?? 50,
    separators: CHINESE_SEPARATORS,
  });
  const raw = await splitter.splitText(text);
  const pieces: string[] = [];
  for (const piece of raw) {
    const mark = LEADING_MARK.exec(piece)?.[0];
    let rest = piece;
    if (mark) {
      rest = piece.slice(mark.length).trim();
      const last = pieces.length - 1;
      if (last >= 0 && !LEADING_MARK.test(pieces[last]!.slice(-1))) pieces[last] += mark;
    }
    if (rest) pieces.push(rest);
  }
  const firstLine = options.firstLine ?? 1;
  const lineStarts = lineOffsets(text);
  let cursor = 0;
  return pieces.map((piece) => {
    const probe = piece.slice(0, 40);
    let at = text.indexOf(probe, cursor);
    if (at < 0) at = text.indexOf(probe);
    if (at < 0) at = cursor;
    // Overlap means the next piece may start before this one ends; never move past this start.
    cursor = at + 1;
    const end = Math.min(text.length, at + piece.length);
    return {
      text: piece,
      lineStart: firstLine + lineIndex(lineStarts, at),
      lineEnd: firstLine + lineIndex(lineStarts, Math.max(at, end - 1)),
    };
  });
}

/** Offsets at which each line starts. */
export function lineOffsets(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** 0-based line of a character offset (binary search over `lineOffsets`). */
export function lineIndex(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
