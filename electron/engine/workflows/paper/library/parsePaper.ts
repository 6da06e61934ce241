export type { PaperLine } from "./PaperLine.js";
import type { PaperLine } from "./PaperLine.js";
import { findTables, tablePieces, type TableRegion } from "./findTables.js";
import type { LayoutCell, LineColumn, PageLayout } from "./pdfLayout.js";


/** `table`: a whole table as Markdown (caption, header row, rows); `equation`: a display equation with its number. */
export type BlockKind = "body" | "heading" | "caption" | "table" | "equation" | "reference";

/** A paragraph-sized piece of text on one page. */
export interface PaperBlock {
  page: number;
  kind: BlockKind;
  /** Title of the section the block is in ("" before the first heading). */
  section: string;
  text: string;
}

export type StructureKind = "section" | "table" | "figure" | "equation";

/** An entry of the structural index: a section, a table, a figure or a numbered equation. */
export interface StructureItem {
  kind: StructureKind;
  /** `3.1`, `2`, … or "" for unnumbered sections. */
  number: string;
  /** Section title, caption text, or the equation itself. */
  label: string;
  page: number;
  /** Last page of a section or table (= page for the rest). */
  endPage: number;
  /** Index into ParsedPaper.blocks of the table's first piece or the equation (the chunk it links to). */
  block?: number;
}

export interface ReferenceEntry {
  index: number;
  text: string;
  page: number;
}

export interface HeuristicMetadata {
  title: string;
  authors: string[];
  year: number | null;
  abstract: string;
}

export interface ParsedPaper {
  /** The reader's view: each page's text, paragraphs separated by blank lines. */
  pages: Array<{ page: number; text: string }>;
  blocks: PaperBlock[];
  structure: StructureItem[];
  references: ReferenceEntry[];
  metadata: HeuristicMetadata;
}

const SECTION_NAMES =
  /^(abstract|introduction|related work|background|preliminaries|motivation|method|methods|methodology|approach|model|experiments?|experimental (?:setup|results)|evaluation|results|analysis|discussion|conclusions?|conclusion and future work|limitations|future work|references|bibliography|acknowledg(?:e)?ments?|appendix(?:\s+[a-z])?|摘要|引言|绪论|相关工作|方法|实验|结果|讨论|结论|参考文献|致谢|附录)$/i;
const REFERENCES_HEADING = /^(references|bibliography|works cited|参考文献)$/i;
const APPENDIX_HEADING = /^(appendix|附录|supplementary)/i;
const NUMBERED_HEADING = /^((?:\d{1,2}(?:\.\d{1,2}){0,3})|[IVX]{1,5}|[一二三四五六七八九十]{1,3})[.、]?\s+(\S.{0,90})$/u;
const CAPTION = /^(table|tab\.|figure|fig\.|表|图)\s*(\d{1,3})\s*[:.：|]\s*(.*)$/i;
const INLINE_ABSTRACT = /^(abstract|摘要)\s*[:.：—–-]\s*(.+)$/i;
const EQUATION_NUMBER = /\((\d{1,3})\)\s*$/;
const MATH = /[=≤≥≈∑∏∫√±×÷∈∀∃∂∇λσμθαβγ]/;
const REFERENCE_START = /^(\[\d{1,4}\]|\d{1,4}\.\s+\p{Lu})/u;

/** Body text is chunked into pieces of at most this many characters, never across pages. */
export const MAX_BLOCK_CHARS = 900;

/** Lines of a PDF layout, with paragraph starts from vertical gaps and column changes. */
export function linesFromLayout(pages: PageLayout[]): PaperLine[] {
  const lines: PaperLine[] = [];
  for (const page of pages) {
    let previous: (typeof page.lines)[number] | undefined;
    for (const line of page.lines) {
      const gap = previous ? previous.y - line.y : Infinity;
      const paragraphStart =
        !previous || previous.column !== line.column || gap < 0 || gap > Math.max(line.size, previous.size) * 1.75 || Math.abs(previous.size - line.size) > 1;
      lines.push({ page: page.page, text: line.text, size: line.size, paragraphStart, cells: line.cells, column: line.column });
      previous = line;
    }
  }
  return lines;
}

/**
 * Lines of a text or markdown document: blank lines separate paragraphs; a form feed (`\f`, the
 * source's page break) starts the next page. Without any, everything is page 1 (paperPages.ts
 * then cuts fixed-size pages).
 */
export function linesFromMarkdown(markdown: string): PaperLine[] {
  const lines: PaperLine[] = [];
  let blank = true;
  let fence = false;
  let page = 1;
  for (const raw of markdown.replace(/\r\n?/g, "\n").replace(/\f/g, "\n\f\n").split("\n")) {
    if (raw === "\f") {
      // A break before any text (or two in a row) opens no empty page.
      if (lines.some((line) => line.page === page)) page++;
      blank = true;
      continue;
    }
    if (/^\s*(```|~~~)/.test(raw)) {
      fence = !fence;
      blank = true;
      continue;
    }
    const text = raw.trim();
    if (!text) {
      blank = true;
      continue;
    }
    const heading = fence ? null : /^(#{1,6})\s+(.*)$/.exec(text);
    const clean = heading ? heading[2]!.replace(/#+\s*$/, "").trim() : text.replace(/^[-*+]\s+/, "").replace(/^\|\s*|\s*\|$/g, "");
    lines.push({
      page,
      text: clean,
      size: heading ? 2 : 1,
      paragraphStart: blank || Boolean(heading),
      ...(heading ? { markedHeading: heading[1]!.length } : {}),
    });
    blank = Boolean(heading);
  }
  return lines;
}

/** Heading title and number of a line, or null when the line is not a heading. */
export function headingOf(line: PaperLine): { number: string; title: string } | null {
  const text = line.text.trim();
  if (line.markedHeading) {
    const numbered = NUMBERED_HEADING.exec(text);
    return numbered ? { number: numbered[1]!, title: numbered[2]!.trim() } : { number: "", title: text };
  }
  if (!line.paragraphStart || text.length > 100) return null;
  if (SECTION_NAMES.test(text.replace(/[:.]$/, ""))) return { number: "", title: text.replace(/[:.]$/, "") };
  const numbered = NUMBERED_HEADING.exec(text);
  if (!numbered) return null;
  const title = numbered[2]!.trim();
  const words = title.split(/\s+/).length;
  // A heading is short, starts with a capital (or is Chinese) and is not a sentence or a number row.
  if (words > 10 || /[.;,:]$/.test(title) || !/^[\p{Lu}\p{Script=Han}]/u.test(title) || /^\d/.test(title)) return null;
  return { number: numbered[1]!, title };
}

function isEquation(text: string): boolean {
  if (text.length > 160 || !MATH.test(text)) return false;
  const words = text.match(/\p{L}{4,}/gu)?.length ?? 0;
  return EQUATION_NUMBER.test(text) ? words <= 8 : words <= 3 && text.includes("=");
}

/**
 * Builds the blocks, the structural index and the reference list of a paper from its lines.
 * Headings switch the section; after a References heading every paragraph is a reference entry
 * (until an appendix); captions and numbered equations enter the index with their page.
 */
export function parsePaper(lines: PaperLine[]): ParsedPaper {
  const blocks: PaperBlock[] = [];
  const structure: StructureItem[] = [];
  const references: ReferenceEntry[] = [];
  const seenCaptions = new Set<string>();
  let section = "";
  let inReferences = false;
  let current: PaperBlock | undefined;
  let openSection: StructureItem | undefined;
  let captionItem: StructureItem | undefined;

  const flush = () => {
    if (current && current.text.trim()) blocks.push({ ...current, text: current.text.trim() });
    current = undefined;
  };
  const addReference = (text: string, page: number, continuation: boolean) => {
    const last = references.at(-1);
    if (continuation && last) last.text = joinLine(last.text, text);
    else references.push({ index: references.length + 1, text, page });
  };

  const tables = new Map<number, TableRegion>(findTables(lines, joinLine).map((region) => [region.start, region]));
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!;
    const text = line.text.trim();
    if (!text) continue;
    if (openSection) openSection.endPage = line.page;
    const table = inReferences ? undefined : tables.get(at);
    if (table) {
      // The table is one unit: its pieces (by page, by size) each carry the caption and header row.
      flush();
      const pieces = tablePieces(table);
      const item: StructureItem = {
        kind: "table",
        number: table.number,
        label: CAPTION.exec(table.caption)?.[3]?.trim() ?? "",
        page: line.page,
        endPage: table.rows.at(-1)!.page,
        block: blocks.length,
      };
      const key = `table:${table.number}`;
      if (table.number && !seenCaptions.has(key)) {
        seenCaptions.add(key);
        structure.push(item);
      }
      for (const piece of pieces) blocks.push({ page: piece.page, kind: "table", section, text: piece.text });
      if (openSection) openSection.endPage = item.endPage;
      at = table.end - 1;
      continue;
    }
    const inline = INLINE_ABSTRACT.exec(text);
    const heading = inline ? { number: "", title: inline[1]! } : headingOf(line);
    if (heading) {
      flush();
      section = heading.title;
      inReferences = REFERENCES_HEADING.test(heading.title) || (inReferences && !APPENDIX_HEADING.test(heading.title));
      // A document's leading `# Title` is its title, not a section.
      const isTitle = line.markedHeading === 1 && line === lines[0];
      if (!isTitle) {
        openSection = { kind: "section", number: heading.number, label: heading.title, page: line.page, endPage: line.page };
        structure.push(openSection);
      }
      blocks.push({ page: line.page, kind: "heading", section, text: heading.number ? `${heading.number} ${heading.title}` : heading.title });
      if (inline) current = { page: line.page, kind: "body", section, text: inline[2]! };
      continue;
    }
    if (inReferences) {
      flush();
      const continuation = !REFERENCE_START.test(text) && !line.paragraphStart && references.length > 0;
      const last = blocks.at(-1);
      if (continuation) {
        references.at(-1)!.text = joinLine(references.at(-1)!.text, text);
        if (last?.kind === "reference" && last.page === line.page) last.text = joinLine(last.text, text);
        else blocks.push({ page: line.page, kind: "reference", section, text });
      } else {
        references.push({ index: references.length + 1, text, page: line.page });
        blocks.push({ page: line.page, kind: "reference", section, text });
      }
      continue;
    }
    const caption = CAPTION.exec(text);
    if (caption && line.paragraphStart) {
      flush();
      const kind = /^(table|tab\.|表)$/i.test(caption[1]!) ? "table" : "figure";
      const key = `${kind}:${caption[2]}`;
      captionItem = undefined;
      if (!seenCaptions.has(key)) {
        seenCaptions.add(key);
        captionItem = { kind, number: caption[2]!, label: caption[3]!.trim(), page: line.page, endPage: line.page };
        structure.push(captionItem);
      }
      current = { page: line.page, kind: "caption", section, text };
      continue;
    }
    if (isEquation(text)) {
      flush();
      const number = EQUATION_NUMBER.exec(text)?.[1] ?? "";
      const previous = blocks.at(-1);
      // A display equation over several lines (only the last one numbered) is one unit.
      if (previous?.kind === "equation" && previous.page === line.page && !EQUATION_NUMBER.test(previous.text) && !line.paragraphStart) {
        previous.text = `${previous.text} ${text}`;
        const item = structure.at(-1);
        if (item?.kind === "equation" && item.block === blocks.length - 1) Object.assign(item, { number, label: previous.text });
        continue;
      }
      structure.push({ kind: "equation", number, label: text, page: line.page, endPage: line.page, block: blocks.length });
      blocks.push({ page: line.page, kind: "equation", section, text });
      continue;
    }
    const newPage = current !== undefined && current.page !== line.page;
    const tooLong = current !== undefined && current.text.length + text.length > MAX_BLOCK_CHARS;
    if (!current || line.paragraphStart || newPage || tooLong) {
      flush();
      current = { page: line.page, kind: "body", section, text };
    } else {
      current.text = joinLine(current.text, text);
      // A caption runs on until its paragraph ends.
      if (current.kind === "caption" && captionItem) captionItem.label = CAPTION.exec(current.text)?.[3]?.trim() ?? captionItem.label;
    }
  }
  flush();

  const pageNumbers = [...new Set(lines.map((line) => line.page))].sort((a, b) => a - b);
  const pages = pageNumbers.map((page) => ({
    page,
    text: blocks.filter((block) => block.page === page).map((block) => block.text).join("\n\n"),
  }));
  return { pages, blocks, structure, references, metadata: heuristicMetadata(lines, blocks) };
}

/** Joins a wrapped line: hyphenated words are rejoined, CJK lines need no space. */
export function joinLine(before: string, after: string): string {
  if (/\p{L}-$/u.test(before) && /^\p{Ll}/u.test(after)) return before.slice(0, -1) + after;
  if (/[\u3400-\u9fff，。；：、）]$/.test(before) || /^[\u3400-\u9fff，。；：、（]/.test(after)) return before + after;
  return `${before} ${after}`;
}

const AFFILIATION = /(universit|institut|laborator|college|school|department|dept\.|inc\.|corp|research|academy|大学|研究所|学院|实验室|@|https?:|www\.)/i;

/**
 * Title, authors, year and abstract from the first page, by layout: the title is the run of
 * largest-font lines near the top (or the first heading of a text document); authors are the short
 * name lines between it and the abstract; the year is the first plausible four-digit year.
 */
export function heuristicMetadata(lines: PaperLine[], blocks: PaperBlock[]): HeuristicMetadata {
  const firstPage = lines.filter((line) => line.page === lines[0]?.page).slice(0, 40);
  const top = firstPage.slice(0, 15);
  let title = "";
  let titleEnd = -1;
  if (top.length > 0) {
    const marked = top.findIndex((line) => line.markedHeading === 1);
    const maxSize = Math.max(...top.map((line) => line.size));
    const start = marked >= 0 ? marked : top.findIndex((line) => line.size === maxSize && !SECTION_NAMES.test(line.text));
    if (start >= 0) {
      const parts = [top[start]!.text];
      titleEnd = start;
      for (let i = start + 1; i < top.length && marked < 0; i++) {
        if (top[i]!.size !== top[start]!.size || top[i]!.markedHeading || top[i]!.paragraphStart || parts.join(" ").length > 200) break;
        parts.push(top[i]!.text);
        titleEnd = i;
      }
      title = parts.reduce((acc, part) => (acc ? joinLine(acc, part) : part), "");
    }
  }
  const authors: string[] = [];
  for (const line of firstPage.slice(titleEnd + 1, titleEnd + 8)) {
    if (headingOf(line) || INLINE_ABSTRACT.test(line.text) || line.text.length > 160) break;
    if (AFFILIATION.test(line.text) || /^\d+$/.test(line.text)) continue;
    const names = line.text
      .replace(/[\d*†‡§¶∗]+/g, " ")
      .split(/\s*(?:,|;|，|、|\band\b|&)\s*/)
      .map((name) => name.replace(/\s+/g, " ").trim())
      // A Latin name has a given name and a surname; a Chinese one is two to four characters.
      .filter((name) => /^\p{Lu}[\p{L}.'\-]*( [\p{L}.'\-]+){1,3}$/u.test(name) || /^\p{Script=Han}{2,4}$/u.test(name));
    if (names.length === 0) break;
    authors.push(...names);
  }
  const pageText = firstPage.map((line) => line.text).join(" ");
  const thisYear = new Date().getUTCFullYear() + 1;
  const year = [...pageText.matchAll(/\b(19[5-9]\d|20\d\d)\b/g)].map((match) => Number(match[1])).find((value) => value <= thisYear) ?? null;
  const abstractBlocks = blocks.filter((block) => block.kind === "body" && /^(abstract|摘要)$/i.test(block.section));
  const abstract =
    abstractBlocks.map((block) => block.text).join(" ").trim() ||
    blocks.find((block) => block.kind === "body" && block.page === lines[0]?.page && block.text.length >= 200)?.text ||
    "";
  return { title, authors: [...new Set(authors)].slice(0, 20), year, abstract: abstract.slice(0, 3000) };
}
