import { mainSize, type LayoutLine, type PageLayout } from "./pdfLayout.js";

/** What a paper's first page shows: the title, the authors under it, and any DOI, arXiv id and year printed on it. */
export interface PageMetadata {
  title: string;
  authors: string[];
  year: number | null;
  doi: string;
  arxiv: string;
}

export const DOI_PATTERN = /\b(10\.\d{4,9}\/[^\s"<>{}]+)/;
const ARXIV_NEW = /\barXiv\s*:\s*(\d{4}\.\d{4,5})(v\d+)?/i;
const ARXIV_OLD = /\barXiv\s*:\s*([a-z-]+(?:\.[A-Z]{2})?\/\d{7})(v\d+)?/i;

/** Lines above or beside a title that are never it: stamps, running heads, journal banners, licences. */
const NOT_TITLE = new RegExp(
  [
    String.raw`^(journal|proceedings|transactions|annals|bulletin|letters) (of|on)\b`,
    // A journal's name or motto beside its logo ("JSS Journal of Statistical Software", "An IOP and SISSA journal").
    String.raw`\bjournal of\b|\bjournal$`,
    String.raw`\b(vol\.|volume\s*\d|issn\b|isbn\b|doi\b|pp\.|no\.\s*\d|issue\s*\d)`,
    String.raw`^(in )?proceedings\b`,
    String.raw`(published|accepted|presented|submitted|appeared|to appear|under review|preprint|manuscript|draft)\b`,
    String.raw`(contents lists available|journal homepage|sciencedirect|elsevier|springer|wiley|ieee|acm|copyright|©|creative commons|licen[cs]e|open access)`,
    String.raw`(https?:|www\.|@|arxiv)`,
    String.raw`^(research|original|review|regular|short|full|technical|conference|position|invited|workshop|survey)? ?(paper|article|report|note|communication)s?$`,
    String.raw`^(\d\.?\s*)?(abstract|keywords?|index terms|introduction|摘要|关键词|引言)\s*([:.—–-]|$)`,
    String.raw`^(received|revised|accepted|available online|citation|cite this|correspondence|corresponding author)\b`,
  ].join("|"),
  "i",
);

const AFFILIATION =
  /(universit|universidad|università|hochschule|polytechn|politecnic|escuela|école|ecole|institut|laborator|\blab\b|labs\b|college|school|department|dept\.|faculty|centre|center|hospital|inc\.|corp|\bltd\b|gmbh|research|academy|foundation|\bsciences?\b|engineering|informatics|mathematics|physics|\bcomputing\b|technolog|journals?\b|publishing|publishers?\b|google|microsoft|facebook|\bmeta\b|deepmind|openai|\bibm\b|amazon|nvidia|alibaba|tencent|baidu|huawei|bytedance|大学|研究所|研究院|学院|实验室|公司|中心|@|https?:|www\.|\b(usa|china|germany|france|japan|canada|uk|korea|italy|spain|india|australia|switzerland|netherlands)\b)/i;

/** Words of a surname that stay lower-case (van der Waals, de la Cruz, bin Salman). */
const PARTICLES = new Set(["van", "von", "der", "den", "de", "del", "della", "da", "di", "du", "dos", "la", "le", "bin", "al", "ten", "ter", "y"]);

/** Superscript affiliation and footnote marks that cling to a name. */
const MARKS = /[\d*†‡§¶∗⋆★♯#✉✝•¹²³⁴⁵⁶⁷⁸⁹⁰]+/g;

/**
 * Title, authors, DOI, arXiv id and year from a paper's first page layout. The title is the run of
 * largest-font lines in the top part of the page that is not a stamp, banner or running head (a
 * journal name or logo text above the title is skipped), joined over as many lines as it wraps;
 * the authors are the name lines under it, split at commas, `and`, `&`, `；` and wide gaps, with
 * superscript marks removed; affiliation and e-mail lines between them are passed over.
 */
export function firstPageMetadata(page: PageLayout): PageMetadata {
  // Rows as printed: the column split of a two-column page cuts a title or an author row set in mixed fonts.
  const lines = visualRows(page.lines.map(withAccentsJoined), Infinity);
  const text = page.lines.map((line) => line.text).join("\n");
  const arxivMatch = ARXIV_NEW.exec(text) ?? ARXIV_OLD.exec(text);
  const arxiv = arxivMatch?.[1] ?? "";
  const doi = cleanDoi(DOI_PATTERN.exec(text)?.[1] ?? "");
  const titleAt = findTitle(lines, page.height);
  const title = titleAt ? joinTitle(titleAt.lines) : "";
  const authors = titleAt ? authorsAfter(lines, titleAt.end) : [];
  return { title, authors, year: pageYear(lines, arxiv), doi, arxiv };
}

/** TeX's spacing accents (U+00B4 ´, U+00A8 ¨, …) and the combining marks that stand for them. */
const SPACING_ACCENTS: Record<string, string> = {
  "\u00B4": "\u0301",
  "\u00A8": "\u0308",
  "\u02C6": "\u0302",
  "\u02DC": "\u0303",
  "\u02C7": "\u030C",
  "\u02DA": "\u030A",
  "\u02D8": "\u0306",
  "\u02DD": "\u030B",
  "\u00B8": "\u0327",
};

/**
 * Text with TeX's accents put back on their letters. A pdf.js text layer of a TeX paper gives
 * "Zolt´an Gy¨ongyi", "Gr ´egory Mouni ´e" and "Franc¸ois": the accent as a spacing character
 * before its letter (often after a gap read as a space), the cedilla after it. Such a name passes
 * no name test and matches no declared author.
 */
export function joinAccents(text: string): string {
  if (!/[\u00B4\u00A8\u02C6\u02DC\u02C7\u02DA\u02D8\u02DD\u00B8]/.test(text)) return text;
  return text
    .replace(/(\p{L})\u00B8/gu, (_, letter: string) => letter + "\u0327")
    .replace(/(\p{L}?)\s?([\u00B4\u00A8\u02C6\u02DC\u02C7\u02DA\u02D8\u02DD])\s?(\p{L})/gu, (_, before: string, accent: string, letter: string) =>
      before + (letter === "\u0131" ? "i" : letter) + SPACING_ACCENTS[accent]!,
    )
    .normalize("NFC");
}

function withAccentsJoined(line: LayoutLine): LayoutLine {
  return { ...line, text: joinAccents(line.text), cells: line.cells.map((cell) => ({ ...cell, text: joinAccents(cell.text) })) };
}

/** A DOI without trailing punctuation a sentence or bracket added. */
export function cleanDoi(raw: string): string {
  let doi = raw.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, "");
  while (/[.,;:)\]}>'"]$/.test(doi) && !(doi.endsWith(")") && doi.includes("("))) doi = doi.slice(0, -1);
  return DOI_PATTERN.test(doi) ? doi : "";
}

function letters(text: string): number {
  return text.match(/[\p{L}]/gu)?.length ?? 0;
}

function isHan(text: string): boolean {
  return /\p{Script=Han}/u.test(text);
}

/** Text made mostly of letters (words), not of digits, operators and brackets (a formula, a number row). */
function wordy(text: string): boolean {
  return letters(text) >= text.replace(/\s/g, "").length * 0.6;
}

/** Whether a line could be (part of) a title: enough words, not a banner, stamp or number row. */
function titleLike(line: LayoutLine): boolean {
  const text = line.text.trim();
  if (NOT_TITLE.test(text) || !wordy(text)) return false;
  if (isHan(text)) return letters(text) >= 4;
  // Words glued over forty letters long are a text layer without spaces (a rotated cover page), not a title.
  if (/\p{L}{40}/u.test(text)) return false;
  // One word is a logo or a category label ("ELSEVIER", "Paper"), not a title.
  return text.split(/\s+/).filter((word) => letters(word) > 0).length >= 2 && letters(text) >= 8;
}

/** The size a line's text is set in (a drop cap or a large symbol on it left out): what a title stands out by. */
function sizeOf(line: LayoutLine): number {
  return line.textSize ?? line.size;
}

function sameSize(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(0.6, Math.max(a, b) * 0.06);
}

function findTitle(lines: LayoutLine[], height: number): { lines: LayoutLine[]; end: number } | null {
  // The title sits in the upper part of the first page (a cover banner can push it down a little).
  const upper = lines.map((line, index) => ({ line, index })).filter(({ line }) => height <= 0 || line.y >= height * 0.3);
  const byHeight = [...lines].sort((a, b) => b.y - a.y);
  const candidates = upper.filter(({ line }) => titleLike(line) && !inBanner(line, byHeight));
  if (candidates.length === 0) return null;
  const bodySize = median(lines.map((line) => sizeOf(line)));
  const size = Math.max(...candidates.map(({ line }) => sizeOf(line)));
  // Nothing stands out from the body text: there is no typographic title to find.
  if (size < bodySize * 1.1 && candidates[0]!.index > 3) return null;
  const start = candidates.find(({ line }) => sameSize(sizeOf(line), size))!;
  const picked = [start.line];
  let end = start.index;
  for (let i = start.index + 1; i < lines.length && picked.length < 5; i++) {
    const line = lines[i]!;
    // A formula line of the other column, level with the title, is skipped over.
    if (line.column !== start.line.column && !wordy(line.text)) continue;
    // A footnote mark raised off the title's baseline ("a)", "∗") is read as a line of its own.
    if (sizeOf(line) < size * 0.8 && line.text.length <= 12 && !/\p{L}{3}/u.test(line.text)) continue;
    const gap = picked.at(-1)!.y - line.y;
    if (!sameSize(sizeOf(line), size) || gap <= 0 || gap > size * 2.2 || NOT_TITLE.test(line.text)) break;
    // A title set no larger than the body (a bold face the layer does not tell): the names under it are not its last line.
    if (size < bodySize * 1.1 && isNameLine(line)) break;
    picked.push(line);
    end = i;
  }
  return { lines: picked, end };
}

/**
 * A journal banner: a large line boxed in by publisher lines ("Contents lists available at …" above,
 * "journal homepage: …" below). A title is followed by its authors, not by a homepage.
 */
function inBanner(line: LayoutLine, byHeight: LayoutLine[]): boolean {
  const at = byHeight.indexOf(line);
  const near = (other: LayoutLine | undefined) => other !== undefined && Math.abs(other.y - line.y) <= line.size * 2.5;
  const above = byHeight.slice(0, at).reverse().find((other) => other.y > line.y + line.size * 0.3);
  const below = byHeight.slice(at + 1).find((other) => other.y < line.y - line.size * 0.3);
  const boxed = (other: LayoutLine | undefined) => near(other) && (NOT_TITLE.test(other!.text) || !titleLike(other!));
  if (near(below) && /(homepage|contents lists|issn)/i.test(below!.text)) return true;
  return boxed(above) && boxed(below) && NOT_TITLE.test(`${above!.text}\n${below!.text}`);
}

/**
 * The lines above `top` as they sit on the page, top to bottom: lines at one height joined left to right.
 * Two-column layout puts author blocks side by side (or a title's runs in two fonts) into different columns.
 */
function visualRows(lines: LayoutLine[], top: number): LayoutLine[] {
  const rows: LayoutLine[] = [];
  for (const line of [...lines].filter((l) => l.y < top).sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.at(-1);
    // A formula in the other column beside a line of words (an OCR'd layer's equations) is not part of that line.
    if (row && Math.abs(row.y - line.y) <= Math.min(row.size, line.size) * 0.45 && wordy(row.text) === wordy(line.text)) {
      const cells = [...row.cells, ...line.cells].sort((a, b) => a.x - b.x);
      const textSize = mainSize([
        { size: sizeOf(row), chars: row.text.length },
        { size: sizeOf(line), chars: line.text.length },
      ]);
      rows[rows.length - 1] = { ...row, cells, text: cells.map((cell) => cell.text).join(" "), size: Math.max(row.size, line.size), textSize };
    } else rows.push({ ...line });
  }
  return rows;
}

function joinTitle(lines: LayoutLine[]): string {
  let title = "";
  for (const line of lines) {
    const part = line.text.replace(MARKS, (mark) => (/^\d+$/.test(mark) ? mark : "")).trim();
    if (!title) title = part;
    else if (/\p{L}-$/u.test(title) && /^\p{Ll}/u.test(part)) title = title.slice(0, -1) + part;
    else if (isHan(title.slice(-1)) || isHan(part[0] ?? "")) title += part;
    else title += ` ${part}`;
  }
  // A footnote digit glued to the last word ("Networks1") is a mark, not part of the title.
  return title.replace(/(\p{Ll})\d{1,2}$/u, "$1").replace(/\s+/g, " ").trim();
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A personal name as printed: a Latin name of two to five words, or two to four Han characters. */
export function looksLikeName(raw: string): boolean {
  const name = raw.trim();
  if (/^\p{Script=Han}{2,4}$/u.test(name.replace(/\s+/g, ""))) return !AFFILIATION.test(name);
  if (AFFILIATION.test(name) || /\d/.test(name)) return false;
  const words = name.split(/\s+/);
  if (words.length < 2 || words.length > 5) return false;
  const capitalised = words.filter((word) => /^\p{Lu}/u.test(word));
  return (
    capitalised.length >= 2 &&
    words.every((word) => /^\p{Lu}[\p{L}'’.-]*$/u.test(word) || PARTICLES.has(word.toLowerCase()) || /^\p{Lu}\.(-?\p{Lu}\.)*$/u.test(word))
  );
}

/** A line's names: cells split at wide gaps, then at commas, `and` (`AND` in an all-caps line), `&`, `;`, `；`, `、`. */
export function namesOf(line: Pick<LayoutLine, "text" | "cells">): string[] {
  const pieces = line.cells.length > 1 ? line.cells.map((cell) => cell.text) : [line.text];
  return (
    pieces
      .flatMap((piece) => piece.split(/\s*(?:,|;|，|；|、|\band\b|\bAND\b|&)\s*/))
      // A postcode or street number ("38330 Montbonnot") is part of an address, not a superscript mark: the piece stays a non-name.
      .map((name) => (/\d{3,}/.test(name) ? name : name.replace(MARKS, " ")))
      // Initials set without spaces ("Yu.A.Pusep", "A.K.Bakarov") are spaced as a name is.
      .map((name) => name.replace(/(\p{L}\.)(?=\p{Lu})/gu, "$1 "))
      // Affiliation letters set as superscripts ("Jonas Lindqvist a,*") read as single lower-case letters.
      .map((name) => name.replace(/\s+/g, " ").replace(/(?:\s[a-z])+$/u, "").replace(/^[\s,.]+|[\s,]+$/g, "").trim())
      // An OCR'd layer reads a raised "*" as quotes ("Young-Dae Jung''"); an apostrophe inside a name (O'Brien) stays.
      .map((name) => name.replace(/['’"`]+$/u, "").trim())
      .filter((name) => name && !/^[a-z]$/.test(name))
  );
}

/**
 * A line of nothing but two or more personal names ("Woo-Pyo Hong and Young-Dae Jung"). One
 * capitalised phrase is not enough: a title-case title line ("Fifth-order Shallow Water-wave Models") reads as a name.
 */
function isNameLine(line: LayoutLine): boolean {
  const pieces = namesOf(line);
  return pieces.length > 1 && pieces.every(looksLikeName);
}

function authorsAfter(lines: LayoutLine[], titleEnd: number): string[] {
  const authors: string[] = [];
  let skipped = 0;
  for (const line of lines.slice(titleEnd + 1, titleEnd + 14)) {
    const text = line.text.trim();
    // A rule of dots or dashes under the title, or a row of superscript marks, is neither names nor prose.
    if (letters(text) === 0) continue;
    if (/^(abstract|摘要|keywords?|index terms|1\.?\s+introduction)\b/i.test(text) || text.length > 220) break;
    const pieces = namesOf(line);
    const names = pieces.filter(looksLikeName);
    // "Name, Affiliation, City": the leading names of a line that goes on with an affiliation.
    const leading = pieces.slice(0, pieces.findIndex((piece) => !looksLikeName(piece)));
    if (names.length > 0 && (names.length >= pieces.length / 2 || (leading.length > 0 && AFFILIATION.test(text)))) {
      authors.push(...(names.length >= pieces.length / 2 ? names : leading));
      skipped = 0;
      continue;
    }
    // Affiliations, e-mail and a subtitle sit between (or under) the names; prose after them ends the block.
    if (++skipped > 4 || (authors.length > 0 && /[.。]$/.test(text) && text.length > 80)) break;
  }
  return [...new Set(authors)].slice(0, 30);
}

/**
 * The paper's year as printed: a year on a banner, copyright, publication or venue line first
 * (`© 2021`, `Published: 3 May 2020`, `NeurIPS 2017`), then the arXiv id's year, then the first
 * plausible year in the lines above the abstract.
 */
function pageYear(lines: LayoutLine[], arxiv: string): number | null {
  const latest = new Date().getUTCFullYear() + 1;
  const yearIn = (text: string): number | null => {
    for (const match of text.matchAll(/(?<![\d.])(19[5-9]\d|20\d\d)(?![\d.])/g)) {
      const year = Number(match[1]);
      if (year <= latest) return year;
    }
    return null;
  };
  const venue = /(©|copyright|published|publication|accepted|received|proceedings|conference|journal|vol\.|volume|\b(19|20)\d\d\s*(?:[,;)]|$)|\b[A-Z]{3,}[-’' ]?(19|20)\d\d\b)/i;
  const abstractAt = lines.findIndex((line) => /^(abstract|摘要)\b/i.test(line.text.trim()));
  const head = lines.slice(0, abstractAt > 0 ? abstractAt : Math.min(lines.length, 20));
  const rest = lines.slice(abstractAt > 0 ? abstractAt : 20);
  const marked = [...head, ...rest.filter((line) => /(©|copyright|published|received|accepted)/i.test(line.text))];
  for (const line of marked) {
    if (!venue.test(line.text) || ARXIV_NEW.test(line.text)) continue;
    const year = yearIn(line.text);
    if (year) return year;
  }
  if (arxiv) {
    const yymm = /^(\d{2})(\d{2})\./.exec(arxiv) ?? /\/(\d{2})(\d{2})\d{3}$/.exec(arxiv);
    if (yymm) return Number(yymm[1]) > 90 ? 1900 + Number(yymm[1]) : 2000 + Number(yymm[1]);
  }
  for (const line of head) {
    const year = yearIn(line.text);
    if (year) return year;
  }
  return null;
}
