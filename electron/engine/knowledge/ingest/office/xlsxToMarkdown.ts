import type { OfficeDocument } from "./OfficeDocument.js";
import { openZip, unreadable, type ZipParts } from "./openZip.js";
import { coreTitle, relationships } from "./relationships.js";
import { attr, relationshipId, childrenNamed, descendantsNamed, markdownTable, tableCell } from "./xmlText.js";

/** Rows read per sheet: a library chunk of a 100 000-row export helps nobody, and memory stays bounded. */
export const MAX_SHEET_ROWS = 5_000;

/** Excel's built-in number formats that are dates (ECMA-376 §18.8.30). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/**
 * An Excel workbook, one page per sheet in the workbook's order: the sheet's name as a `##` heading
 * and its used range as a GFM table whose first row is the header. Cells keep their column (an
 * empty cell stays an empty column), numbers keep their decimals, dates read as ISO dates.
 */
export async function xlsxToMarkdown(data: Buffer, name: string): Promise<OfficeDocument> {
  const zip = await openZip(data, name, "Excel (.xlsx)", "xl/workbook.xml");
  const workbook = (await zip.xml("xl/workbook.xml"))!;
  const rels = await relationships(zip, "xl/workbook.xml");
  const strings = await sharedStrings(zip);
  const dateStyles = await dateStyleIndexes(zip);
  const sheets = descendantsNamed(workbook, "sheet");
  if (sheets.length === 0) throw unreadable(name, "Excel (.xlsx)", "it has no sheets");
  const pages: string[] = [];
  for (const sheet of sheets) {
    const part = rels.get(relationshipId(sheet) ?? "")?.target;
    const xml = part ? await zip.xml(part) : null;
    const rows = xml ? sheetRows(xml, strings, dateStyles) : [];
    const table = markdownTable(rows.slice(0, MAX_SHEET_ROWS + 1));
    const more = rows.length > MAX_SHEET_ROWS + 1 ? `\n\n(${rows.length - MAX_SHEET_ROWS - 1} more rows not imported)` : "";
    pages.push([`## ${attr(sheet, "name") ?? ""}`.trim(), table + more].filter((block) => block && block !== "##").join("\n\n"));
  }
  return { title: await coreTitle(zip), pages };
}

async function sharedStrings(zip: ZipParts): Promise<string[]> {
  const xml = await zip.xml("xl/sharedStrings.xml");
  if (!xml) return [];
  // Rich text keeps its runs' text in order; phonetic runs (rPh) are a reading aid, not content.
  return descendantsNamed(xml, "si").map((item) =>
    descendantsNamed(item, "t").filter((t) => (t.parentNode as Element | null)?.localName !== "rPh").map((t) => t.textContent ?? "").join(""));
}

/** Indexes into `cellXfs` whose number format is a date, built-in or custom (`yyyy-mm-dd`, `m/d/yy`…). */
async function dateStyleIndexes(zip: ZipParts): Promise<Set<number>> {
  const styles = await zip.xml("xl/styles.xml");
  const out = new Set<number>();
  if (!styles) return out;
  const custom = new Map(descendantsNamed(styles, "numFmt").map((format) => [Number(attr(format, "numFmtId")), attr(format, "formatCode") ?? ""]));
  const isDate = (id: number) => {
    if (BUILTIN_DATE_FORMATS.has(id)) return true;
    const code = (custom.get(id) ?? "").replace(/"[^"]*"|\[[^\]]*\]|\\./g, "");
    return /[dy]/i.test(code) || /m.*s|h.*m/i.test(code);
  };
  const cellXfs = descendantsNamed(styles, "cellXfs")[0];
  if (cellXfs) childrenNamed(cellXfs, "xf").forEach((xf, index) => isDate(Number(attr(xf, "numFmtId") ?? 0)) && out.add(index));
  return out;
}

function sheetRows(sheet: Document, strings: string[], dateStyles: Set<number>): string[][] {
  const rows: string[][] = [];
  for (const row of descendantsNamed(sheet, "row")) {
    const cells: string[] = [];
    childrenNamed(row, "c").forEach((cell, position) => {
      const column = columnIndex(attr(cell, "r")) ?? position;
      while (cells.length < column) cells.push("");
      cells[column] = tableCell(cellValue(cell, strings, dateStyles));
    });
    const index = Number(attr(row, "r") ?? rows.length + 1) - 1;
    while (rows.length < index) rows.push([]);
    rows[index] = cells;
  }
  // Leading and trailing empty rows are layout, not data.
  while (rows.length && rows[rows.length - 1]!.every((cell) => !cell)) rows.pop();
  while (rows.length && rows[0]!.every((cell) => !cell)) rows.shift();
  return rows;
}

function cellValue(cell: Element, strings: string[], dateStyles: Set<number>): string {
  const type = attr(cell, "t");
  const raw = childrenNamed(cell, "v")[0]?.textContent ?? "";
  switch (type) {
    case "s":
      return strings[Number(raw)] ?? "";
    case "inlineStr":
      return descendantsNamed(cell, "t").map((t) => t.textContent ?? "").join("");
    case "b":
      return raw === "1" ? "TRUE" : "FALSE";
    case "str":
    case "e":
      return raw;
    default: {
      if (raw === "") return "";
      const value = Number(raw);
      if (!Number.isFinite(value)) return raw;
      if (dateStyles.has(Number(attr(cell, "s") ?? -1))) return excelDate(value);
      // 15 significant digits is what Excel shows; it hides binary noise such as 0.30000000000000004.
      return String(Number(value.toPrecision(15)));
    }
  }
}

/** `B12` → 1 (0-based column). */
function columnIndex(reference: string | null): number | null {
  const letters = reference?.match(/^[A-Z]+/i)?.[0]?.toUpperCase();
  if (!letters) return null;
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** An Excel serial date (1900 system, with its phantom 29 Feb 1900) as `YYYY-MM-DD` (with the time when it has one). */
function excelDate(serial: number): string {
  const ms = Math.round((serial - 25569) * 86_400_000);
  const iso = new Date(ms).toISOString();
  return serial % 1 === 0 ? iso.slice(0, 10) : iso.slice(0, 16).replace("T", " ");
}
