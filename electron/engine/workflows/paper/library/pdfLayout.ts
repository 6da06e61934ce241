/**
 * Page layout of a PDF from pdf.js text items: items grouped into lines by their baseline, lines put
 * in reading order (a two-column page reads the left column, then the right one), and running
 * headers, footers and page numbers removed. Pure functions, so they are tested on hand-made items.
 */

import type { OcrLineBox } from "../../../io/pdf/readPdfPages.js";

/** One pdf.js text item, reduced to what layout needs (PDF user space: y grows upwards). */
export interface PositionedItem {
  str: string;
  x: number;
  y: number;
  width: number;
  /** Font size (the text matrix's vertical scale). */
  size: number;
}

/** Where a line sits on a two-column page; `full` also for every line of a one-column page. */
export type LineColumn = "full" | "left" | "right";

/** A run of a line set apart from its neighbours by a gap wider than a font size: a table cell candidate. */
export interface LayoutCell {
  text: string;
  x: number;
}

export interface LayoutLine {
  text: string;
  /** The line's runs split at wide gaps (one cell for ordinary prose); tables are found from their alignment. */
  cells: LayoutCell[];
  x: number;
  y: number;
  /** Largest font size on the line; headings and titles are larger than body text. */
  size: number;
  /**
   * The size most of the line's characters are set in. A drop cap or one large symbol makes `size`
   * a title's size on a body line ("Hrecently, information extraction …"); this stays the body's.
   */
  textSize?: number;
  column: LineColumn;
}

export interface PageLayout {
  /** 1-based page number in the file. */
  page: number;
  width: number;
  height: number;
  /** Lines in reading order. */
  lines: LayoutLine[];
  /** Set when the page was read by OCR (io/pdf/readPdfPages). */
  ocr?: { confidence: number; lines: OcrLineBox[] };
}

/** A gap between runs of a line wider than this many font sizes separates cells. */
const CELL_GAP = 1.5;

/** Share of characters each column needs before a page counts as two-column. */
const COLUMN_SHARE = 0.2;

/**
 * Orders a page's items into lines. A page is two-column when enough text lies wholly left of the
 * middle and wholly right of it; then full-width lines above the columns come first (title,
 * authors), then the left column top to bottom, the right column, and full-width lines below.
 */
export function layoutPage(items: PositionedItem[], width: number): LayoutLine[] {
  const visible = items.filter((item) => item.str.trim().length > 0);
  if (visible.length === 0) return [];
  const middle = width / 2;
  const gutter = width * 0.02;
  const side = (item: PositionedItem): LineColumn =>
    item.x + item.width <= middle + gutter ? "left" : item.x >= middle - gutter ? "right" : "full";
  const chars = { left: 0, right: 0, full: 0 };
  for (const item of visible) chars[side(item)] += item.str.length;
  const total = chars.left + chars.right + chars.full;
  const twoColumn = chars.left >= total * COLUMN_SHARE && chars.right >= total * COLUMN_SHARE;
  if (!twoColumn) return groupLines(visible, "full");

  const left = visible.filter((item) => side(item) === "left");
  const right = visible.filter((item) => side(item) === "right");
  const full = visible.filter((item) => side(item) === "full");
  const columnTop = Math.max(...[...left, ...right].map((item) => item.y));
  const above = full.filter((item) => item.y > columnTop);
  const below = full.filter((item) => item.y <= columnTop);
  return [
    ...groupLines(above, "full"),
    ...groupLines(left, "left"),
    ...groupLines(right, "right"),
    ...groupLines(below, "full"),
  ];
}

/** Items on (about) the same baseline form one line, read left to right; lines top to bottom. */
function groupLines(items: PositionedItem[], column: LineColumn): LayoutLine[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PositionedItem[][] = [];
  for (const item of sorted) {
    const current = lines.at(-1);
    const tolerance = Math.max(1, Math.min(item.size, current?.[0]?.size ?? item.size) * 0.45);
    if (current && Math.abs(current[0]!.y - item.y) <= tolerance) current.push(item);
    else lines.push([item]);
  }
  return lines.map((parts) => {
    parts.sort((a, b) => a.x - b.x);
    let text = "";
    let end = -Infinity;
    const cells: LayoutCell[] = [];
    for (const part of parts) {
      // A gap wider than a fifth of the font size is a word break pdf.js did not encode as a space.
      const gap = part.x - end;
      if (text && gap > part.size * 0.2 && !/\s$/.test(text) && !/^\s/.test(part.str)) text += " ";
      text += part.str;
      // Wider than a font size and a half: a column gap (table cell, equation number at the margin).
      const cell = cells.at(-1);
      if (!cell || gap > part.size * CELL_GAP) cells.push({ text: part.str, x: part.x });
      else cell.text += (gap > part.size * 0.2 && !/\s$/.test(cell.text) && !/^\s/.test(part.str) ? " " : "") + part.str;
      end = part.x + part.width;
    }
    return {
      text: text.replace(/\s+/g, " ").trim(),
      cells: cells.map((cell) => ({ ...cell, text: cell.text.replace(/\s+/g, " ").trim() })).filter((cell) => cell.text),
      x: parts[0]!.x,
      y: parts[0]!.y,
      size: Math.max(...parts.map((part) => part.size)),
      textSize: mainSize(parts.map((part) => ({ size: part.size, chars: part.str.replace(/\s/g, "").length }))),
      column,
    };
  });
}

/** The size that most characters of some runs are set in (sizes within 5% counted together). */
export function mainSize(runs: { size: number; chars: number }[]): number {
  let best = { size: 0, chars: -1 };
  for (const run of runs) {
    const chars = runs.filter((other) => Math.abs(other.size - run.size) <= run.size * 0.05).reduce((sum, other) => sum + other.chars, 0);
    if (chars > best.chars || (chars === best.chars && run.size > best.size)) best = { size: run.size, chars };
  }
  return best.size;
}

/** A page number on its own: `3`, `- 3 -`, `Page 3`, `3 / 12`, `第 3 页`. */
const PAGE_NUMBER = /^(?:[-–—]\s*)?(?:page\s+)?\d{1,4}(?:\s*(?:\/|of)\s*\d{1,4})?(?:\s*[-–—])?$|^第\s*\d{1,4}\s*页$/i;

/** Lines at the page's top or bottom edge that may be running heads or feet. */
const EDGE_LINES = 2;

/**
 * Removes running headers and footers: an edge line (top or bottom two, by position) whose text —
 * digits ignored — recurs at about the same height on at least half of the pages (and on two or
 * more), plus edge lines that are only a page number. On an OCR'd page the running line may be
 * misread by a letter ("Workshop an Routing"); an edge line nearly the same as a running line, at
 * its height, goes too — else it sits between a table and its continuation on the next page.
 */
export function stripRunningLines(pages: PageLayout[]): PageLayout[] {
  const normal = (line: LayoutLine) => line.text.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ");
  const key = (line: LayoutLine) => `${normal(line)}@${Math.round(line.y / 4)}`;
  const edges = pages.map((page) => edgeLines(page));
  const counts = new Map<string, number>();
  for (const edge of edges) {
    for (const k of new Set([...edge].map(key))) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const needed = Math.max(2, Math.ceil(pages.length / 2));
  // One line per running text and height: a handful, compared with each OCR'd page's edge lines.
  const running = new Map<string, LayoutLine>();
  for (const line of edges.flatMap((edge) => [...edge])) if ((counts.get(key(line)) ?? 0) >= needed) running.set(key(line), line);
  const nearRunning = (line: LayoutLine) =>
    [...running.values()].some((other) => Math.abs(other.y - line.y) <= 4 && similarity(normal(other), normal(line)) >= 0.8);
  const recurs = (line: LayoutLine, ocr: boolean) => (counts.get(key(line)) ?? 0) >= needed || (ocr && nearRunning(line));
  return pages.map((page, index) => {
    const edge = edges[index]!;
    const ocr = page.ocr !== undefined;
    const running = (line: LayoutLine) => recurs(line, ocr) && apartFromBody(page.lines, line, (other) => edge.has(other) && recurs(other, ocr));
    const lines = page.lines.filter((line) => !edge.has(line) || !(PAGE_NUMBER.test(line.text) || running(line)));
    return { ...page, lines };
  });
}

/**
 * A running head or foot stands apart from the body: the nearest body line toward the page's middle
 * (running lines beside it skipped) is more than one and a half line spacings away. A column's
 * first line that happens to recur (templated text, "Configuration K# uses # experts") is a line
 * spacing from the next one, and stays.
 */
function apartFromBody(lines: LayoutLine[], line: LayoutLine, isRunning: (other: LayoutLine) => boolean): boolean {
  const ys = [...new Set(lines.map((other) => Math.round(other.y)))].sort((a, b) => b - a);
  const gaps = ys.slice(1).map((y, i) => ys[i]! - y).filter((gap) => gap > 1);
  const spacing = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
  const middle = (Math.max(...ys) + Math.min(...ys)) / 2;
  const towardMiddle = lines.filter(
    (other) => other !== line && !isRunning(other) && Math.abs(other.y - line.y) > 1 && (line.y > middle ? other.y < line.y : other.y > line.y),
  );
  if (spacing === 0 || towardMiddle.length === 0) return true;
  const nearest = Math.min(...towardMiddle.map((other) => Math.abs(other.y - line.y)));
  return nearest > 1.5 * spacing;
}

/** Dice coefficient of two texts' character bigrams (1 for the same text). */
function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const bigrams = (text: string) => {
    const counts = new Map<string, number>();
    for (let i = 0; i + 1 < text.length; i++) counts.set(text.slice(i, i + 2), (counts.get(text.slice(i, i + 2)) ?? 0) + 1);
    return counts;
  };
  const first = bigrams(a);
  const second = bigrams(b);
  let shared = 0;
  for (const [gram, count] of first) shared += Math.min(count, second.get(gram) ?? 0);
  const total = Math.max(0, a.length - 1) + Math.max(0, b.length - 1);
  return total === 0 ? 0 : (2 * shared) / total;
}

function edgeLines(page: PageLayout): Set<LayoutLine> {
  const byHeight = [...page.lines].sort((a, b) => b.y - a.y);
  return new Set([...byHeight.slice(0, EDGE_LINES), ...byHeight.slice(-EDGE_LINES)]);
}
