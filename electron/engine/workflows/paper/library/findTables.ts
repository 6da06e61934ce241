import type { PaperLine } from "./PaperLine.js";

/**
 * Tables from a PDF's text positions. A row is a line whose runs are set apart by column gaps
 * (pdfLayout's cells); a table is a caption ("Table 2: …", 表 2) followed by rows aligned with its
 * header row, or three or more aligned rows without one. A row that starts right of the first
 * column continues the cells of the row above (a wrapped cell: Chinese joins without a space). A
 * table at the bottom of a page or column goes on at the top of the next one when the rows there
 * have the same columns (a multi-page table whose header row is printed once; a header row printed
 * again there is dropped, since every piece of the table carries it).
 */

/** One table found in a paper's lines. */
export interface TableRegion {
  /** Index of its first line (the caption, or the header row) and one past its last line. */
  start: number;
  end: number;
  /** The caption line(s), "" when the table has none. */
  caption: string;
  /** Kind word and number of the caption ("2"), "" without a caption. */
  number: string;
  header: string[];
  /** Body rows with the page each is on. */
  rows: Array<{ page: number; cells: string[] }>;
}

const TABLE_CAPTION = /^(table|tab\.|表)\s*(\d{1,3})\s*[:.：|]\s*(.*)$/i;
const EQUATION_NUMBER_CELL = /^\(\d{1,3}[a-z]?\)$/;

/** Two cells are in the same column when their left edges are this close (PDF points). */
const ALIGN = 14;

export function findTables(lines: PaperLine[], join: (before: string, after: string) => string): TableRegion[] {
  const regions: TableRegion[] = [];
  let i = 0;
  while (i < lines.length) {
    const region = tableAt(lines, i, join);
    if (region) {
      regions.push(region);
      i = region.end;
    } else i++;
  }
  return regions;
}

function isRow(line: PaperLine): boolean {
  const cells = line.cells ?? [];
  return cells.length >= 2 && !EQUATION_NUMBER_CELL.test(cells.at(-1)!.text);
}

/** The column index each cell of a row falls in, or null when a cell aligns with no column. */
function columnsOf(line: PaperLine, xs: number[], offset = 0): number[] | null {
  const result: number[] = [];
  for (const cell of line.cells ?? []) {
    const column = xs.findIndex((x) => Math.abs(x + offset - cell.x) <= ALIGN);
    if (column < 0 || (result.length > 0 && column <= result.at(-1)!)) return null;
    result.push(column);
  }
  return result;
}

function tableAt(lines: PaperLine[], start: number, join: (a: string, b: string) => string): TableRegion | null {
  let i = start;
  let caption = "";
  let number = "";
  const captionMatch = TABLE_CAPTION.exec(lines[i]!.text.trim());
  if (captionMatch && lines[i]!.paragraphStart && !isRow(lines[i]!)) {
    caption = lines[i]!.text.trim();
    number = captionMatch[2]!;
    i++;
    // A caption wraps over plain lines until the header row.
    while (i < lines.length && i - start < 4 && !isRow(lines[i]!) && lines[i]!.page === lines[start]!.page && !lines[i]!.paragraphStart)
      caption = join(caption, lines[i++]!.text.trim());
  }
  const headerLine = lines[i];
  if (!headerLine || !isRow(headerLine)) return null;
  if (caption && headerLine.page !== lines[start]!.page) return null;
  const xs = headerLine.cells!.map((cell) => cell.x);
  const header = headerLine.cells!.map((cell) => cell.text);
  const rows: TableRegion["rows"] = [];
  let last = headerLine;
  // How far the table's columns moved right when it went on in another column or page.
  let offset = 0;
  i++;
  while (i < lines.length) {
    const line = lines[i]!;
    // The first line of another page or column: the table goes on when its columns match, shifted.
    const moved = line.page !== last.page || line.column !== last.column;
    const shift = moved ? (line.cells?.[0]?.x ?? 0) - xs[0]! : offset;
    const columns = moved ? (isRow(line) && line.cells!.length === xs.length ? columnsOf(line, xs, shift) : null) : columnsOf(line, xs, offset);
    if (!columns || (line.cells ?? []).length === 0) break;
    if (moved && sameRow(line.cells!.map((cell) => cell.text), header)) {
      // The header row printed again at the top of the continuation: every piece carries it already.
      last = line;
      offset = shift;
      i++;
      continue;
    }
    if (!moved && columns[0] !== 0 && rows.length > 0) {
      // A wrapped cell: its text belongs to the row above.
      const row = rows.at(-1)!;
      columns.forEach((column, k) => (row.cells[column] = row.cells[column] ? join(row.cells[column]!, line.cells![k]!.text) : line.cells![k]!.text));
    } else if (columns.length >= 2) {
      const cells = xs.map(() => "");
      columns.forEach((column, k) => (cells[column] = line.cells![k]!.text));
      rows.push({ page: line.page, cells });
    } else break;
    last = line;
    offset = shift;
    i++;
  }
  // Without a caption, only a run of aligned rows is a table (two lines with a gap are not).
  if (rows.length === 0 || (!caption && rows.length < 2)) return null;
  return { start, end: i, caption, number, header, rows };
}

/** Cell text compared loosely: OCR reads a reprinted header with small differences (case, stray marks). */
function cellKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

function sameRow(cells: string[], header: string[]): boolean {
  return cells.length === header.length && cells.every((cell, k) => cellKey(cell) === cellKey(header[k]!));
}

/** Markdown of a table piece: caption, header row, separator and rows. */
function markdown(caption: string, header: string[], rows: string[][]): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  const line = (cells: string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [...(caption ? [caption, ""] : []), line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** A table piece of at most this many characters (unless one row alone is longer). */
export const MAX_TABLE_CHARS = 1500;

/**
 * The table as chunk texts: one piece per page it spans, cut further by rows when a piece would
 * exceed MAX_TABLE_CHARS; every piece repeats the caption and the header row.
 */
export function tablePieces(region: TableRegion): Array<{ page: number; text: string }> {
  const pieces: Array<{ page: number; text: string }> = [];
  let rows: string[][] = [];
  let page = region.rows[0]!.page;
  const caption = (continued: boolean) => (region.caption && continued ? `${region.caption} (continued)` : region.caption);
  const emit = () => {
    if (rows.length > 0) pieces.push({ page, text: markdown(caption(pieces.length > 0), region.header, rows) });
    rows = [];
  };
  for (const row of region.rows) {
    const grown = markdown(caption(pieces.length > 0), region.header, [...rows, row.cells]);
    if (row.page !== page || (rows.length > 0 && grown.length > MAX_TABLE_CHARS)) {
      emit();
      page = row.page;
    }
    rows.push(row.cells);
  }
  emit();
  return pieces;
}
