import type { TypographyConventions } from "../TypographyConventions.js";
import { CLOSERS, FW_STOPS, PAIRS, isAlnum, isCjk, isFwPunct, isHan, isLatin } from "./charClasses.js";
import { deleteCells, isChineseProse, replaceCell, spaceRunEnd, textCh } from "./cellUtils.js";
import type { Edit, Finding } from "./Finding.js";
import type { Cell, ProseBlock } from "./proseBlocks.js";

const CURLY_TO_CORNER: Record<string, string> = { "“": "「", "”": "」", "‘": "『", "’": "』" };
const CORNER_TO_CURLY: Record<string, string> = { "「": "“", "」": "”", "『": "‘", "』": "’" };
const TO_HALFWIDTH: Record<string, string> = { "，": ",", "。": ".", "；": ";", "：": ":", "！": "!", "？": "?" };

/** 2.5 quote style, 2.6 brackets, 2.11 paired marks closed and ordered, 2.12 halfwidth punctuation inside English. */
export function pairChecks(block: ProseBlock, conv: TypographyConventions, out: Finding[]): void {
  const { cells } = block;
  const enclosing = pairOrder(cells, out);
  if (isChineseProse(cells)) {
    quoteStyle(cells, conv, out);
    asciiQuotes(cells, conv, out);
    brackets(cells, conv, out);
  }
  englishPunctuation(cells, enclosing, out);
}

const isApostrophe = (cells: Cell[], i: number, hasOpen: boolean): boolean =>
  isAlnum(textCh(cells[i - 1])) && (isAlnum(textCh(cells[i + 1])) || !hasOpen);

/** Stack-based pairing; reports the first error of the block only. Returns each cell's innermost opener (-1: none). */
function pairOrder(cells: Cell[], out: Finding[]): number[] {
  const enclosing: number[] = new Array<number>(cells.length).fill(-1);
  const stack: number[] = [];
  let reported = false;
  for (let i = 0; i < cells.length; i++) {
    enclosing[i] = stack[stack.length - 1] ?? -1;
    const ch = textCh(cells[i]);
    if (ch === undefined) continue;
    if (PAIRS[ch] !== undefined) {
      stack.push(i);
      continue;
    }
    if (!CLOSERS.has(ch)) continue;
    const top = stack[stack.length - 1];
    const topCh = top === undefined ? undefined : textCh(cells[top]);
    if (topCh !== undefined && PAIRS[topCh] === ch) {
      stack.pop();
      continue;
    }
    if (ch === "’" && isApostrophe(cells, i, stack.some((k) => textCh(cells[k]) === "‘"))) continue;
    if (!reported) {
      const message = topCh === undefined ? `“${ch}”缺少对应的前半个符号` : `“${ch}”与前面的“${topCh}”不配对，成对标点顺序错误`;
      out.push({ rule: "2.11", offset: cells[i]!.start, message });
      reported = true;
    }
    const match = stack.findLastIndex((k) => PAIRS[textCh(cells[k]) ?? ""] === ch);
    if (match >= 0) stack.splice(match);
  }
  const open = stack[0];
  if (!reported && open !== undefined) {
    const ch = textCh(cells[open]) ?? "";
    if (ch !== "‘") out.push({ rule: "2.11", offset: cells[open]!.start, message: `“${ch}”没有闭合` });
  }
  return enclosing;
}

function quoteStyle(cells: Cell[], conv: TypographyConventions, out: Finding[]): void {
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i] as Cell;
    if (c.kind !== "text") continue;
    if (conv.quotes === "curly" && CORNER_TO_CURLY[c.ch]) {
      out.push({ rule: "2.5", offset: c.start, message: `引号使用“”和‘’，而不是“${c.ch}”`, edits: [replaceCell(c, CORNER_TO_CURLY[c.ch]!)] });
    } else if (conv.quotes === "corner" && (c.ch === "“" || c.ch === "”")) {
      out.push({ rule: "2.5", offset: c.start, message: `引号使用「」和『』，而不是“${c.ch}”`, edits: [replaceCell(c, CURLY_TO_CORNER[c.ch]!)] });
    }
    if (conv.quotes !== "curly") continue;
    // No space between Chinese and the outer side of a curly quote.
    if (c.ch === "“") {
      let k = i - 1;
      while (k >= 0 && textCh(cells[k]) === " ") k--;
      if (k < i - 1 && (isCjk(textCh(cells[k])) || isFwPunct(textCh(cells[k])))) out.push({ rule: "2.5", offset: cells[k + 1]!.start, message: "中文引号外侧不加空格", edits: deleteCells(cells, k + 1, i - 1) });
    } else if (c.ch === "”") {
      const end = spaceRunEnd(cells, i + 1);
      if (end > i + 1 && (isCjk(textCh(cells[end])) || isFwPunct(textCh(cells[end])))) out.push({ rule: "2.5", offset: cells[i + 1]!.start, message: "中文引号外侧不加空格", edits: deleteCells(cells, i + 1, end - 1) });
    }
  }
}

/** ASCII quotes around Chinese content become the configured Chinese quotes. */
function asciiQuotes(cells: Cell[], conv: TypographyConventions, out: Finding[]): void {
  const [dOpen, dClose, sOpen, sClose] = conv.quotes === "curly" ? ["“", "”", "‘", "’"] : ["「", "」", "『", "』"];
  const doubles = cells.flatMap((c, i) => (textCh(c) === '"' ? [i] : []));
  if (doubles.length % 2 === 0) {
    for (let k = 0; k + 1 < doubles.length; k += 2) {
      const a = doubles[k]!;
      const b = doubles[k + 1]!;
      if (!cells.slice(a + 1, b).some((c) => isCjk(textCh(c)))) continue;
      out.push({ rule: "2.5", offset: cells[a]!.start, message: `中文内容使用中文引号${dOpen}${dClose}`, edits: [replaceCell(cells[a]!, dOpen), replaceCell(cells[b]!, dClose)] });
    }
  }
  for (let a = 0; a < cells.length; a++) {
    if (textCh(cells[a]) !== "'" || isAlnum(textCh(cells[a - 1]))) continue;
    let b = a + 1;
    while (b < cells.length && textCh(cells[b]) !== "'" && cells[b]?.kind !== "newline") b++;
    if (textCh(cells[b]) !== "'" || isAlnum(textCh(cells[b + 1]))) continue;
    if (cells.slice(a + 1, b).some((c) => isCjk(textCh(c)))) {
      out.push({ rule: "2.5", offset: cells[a]!.start, message: `中文内容使用中文引号${sOpen}${sClose}`, edits: [replaceCell(cells[a]!, sOpen), replaceCell(cells[b]!, sClose)] });
    }
    a = b;
  }
}

const isWordish = (cell: Cell | undefined): boolean => cell?.kind === "code" || isCjk(textCh(cell)) || isAlnum(textCh(cell)) || isFwPunct(textCh(cell));
const chineseAt = (cell: Cell | undefined): boolean => isCjk(textCh(cell)) || isFwPunct(textCh(cell));

function brackets(cells: Cell[], conv: TypographyConventions, out: Finding[]): void {
  for (const [o, c, full] of matchedPairs(cells)) {
    const content = cells.slice(o + 1, c);
    if (content.length === 0 || content.some((x) => x.kind === "newline")) continue;
    const contentCjk = content.some((x) => isCjk(textCh(x)));
    if (!full) {
      const left = cells[o - 1];
      if (left && (left.kind === "code" || isAlnum(textCh(left)) || textCh(left) === ")")) continue; // call(), minute(s)
      let l = o - 1;
      while (l >= 0 && textCh(cells[l]) === " ") l--;
      const r = spaceRunEnd(cells, c + 1);
      const outsideChinese = chineseAt(cells[l]) || chineseAt(cells[r]);
      // Outside Chinese prose, content that opens or closes with a symbol ("(-w 中文 w-)") is not a parenthesis.
      const wordEdges = isWordish(content.find((x) => textCh(x) !== " ")) && isWordish(content.findLast((x) => textCh(x) !== " "));
      const chineseCtx = outsideChinese || (contentCjk && wordEdges);
      if (!chineseCtx) continue;
      if (conv.brackets === "fullwidth" || contentCjk) {
        out.push({ rule: "2.6", offset: cells[o]!.start, message: "中文语境中使用全角括号（）", edits: [replaceCell(cells[o]!, "（"), replaceCell(cells[c]!, "）")] });
      } else {
        const edits: Edit[] = [];
        if (isHan(textCh(cells[o - 1]))) edits.push({ start: cells[o]!.before, end: cells[o]!.before, text: " " });
        if (isHan(textCh(cells[c + 1]))) edits.push({ start: cells[c]!.after, end: cells[c]!.after, text: " " });
        if (edits.length) out.push({ rule: "2.6", offset: cells[o]!.start, message: "英文内容的半角括号外侧与中文之间加一个空格", edits });
      }
    } else if (conv.brackets === "halfwidthForLatin" && !contentCjk && content.some((x) => isLatin(textCh(x)))) {
      const openText = isHan(textCh(cells[o - 1])) ? " (" : "(";
      const closeText = isHan(textCh(cells[c + 1])) ? ") " : ")";
      out.push({ rule: "2.6", offset: cells[o]!.start, message: "按约定，纯英文内容使用半角括号，外侧加空格", edits: [replaceCell(cells[o]!, openText), replaceCell(cells[c]!, closeText)] });
    }
  }
}

/** Matched bracket pairs: [open, close, fullwidth?]. Unmatched halfwidth brackets (smileys, `1)` lists) are ignored. */
function matchedPairs(cells: Cell[]): Array<[number, number, boolean]> {
  const pairs: Array<[number, number, boolean]> = [];
  const half: number[] = [];
  const full: number[] = [];
  cells.forEach((cell, i) => {
    const ch = textCh(cell);
    if (ch === "(") half.push(i);
    else if (ch === "（") full.push(i);
    else if (ch === ")" && half.length) pairs.push([half.pop()!, i, false]);
    else if (ch === "）" && full.length) pairs.push([full.pop()!, i, true]);
  });
  return pairs;
}

/** At least two Latin words, no CJK character: English text. */
const isEnglish = (segment: Cell[]): boolean =>
  !segment.some((x) => isCjk(textCh(x))) && /a+ +a+/.test(segment.map((x) => (isLatin(textCh(x)) ? "a" : textCh(x) === " " ? " " : "_")).join(""));

/** Separators a Chinese parenthetical keeps fullwidth even around English words. */
const CHINESE_NOTE_SEPARATORS = "，、；";

/**
 * 2.12: fullwidth 点号 in English — inside a quoted or bracketed English segment of any block, or
 * anywhere in a block that is English throughout (an English paragraph has no use for ，。；).
 * Not the separators of a fullwidth bracket that follows Chinese text: that is a note on the Chinese
 * sentence, and the guide's own form for an acronym is 软件开发工具包（Software Development Kit，SDK）.
 */
function englishPunctuation(cells: Cell[], enclosing: number[], out: Finding[]): void {
  const englishBlock = isEnglish(cells);
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i] as Cell;
    const half = c.kind === "text" && FW_STOPS.includes(c.ch) ? TO_HALFWIDTH[c.ch] : undefined;
    if (!half) continue;
    if (!englishBlock) {
      const opener = enclosing[i] ?? -1;
      if (opener < 0) continue;
      const closer = findCloser(cells, opener);
      if (closer < 0 || !isEnglish(cells.slice(opener + 1, closer))) continue;
      if (textCh(cells[opener]) === "（" && CHINESE_NOTE_SEPARATORS.includes(c.ch) && isCjk(textCh(cells[opener - 1]))) continue;
    }
    const next = textCh(cells[i + 1]);
    const text = half + (isAlnum(next) && "，；：".includes(c.ch) ? " " : "");
    out.push({ rule: "2.12", offset: c.start, message: `英文内容使用半角标点“${half}”`, edits: [replaceCell(c, text)] });
  }
}

function findCloser(cells: Cell[], opener: number): number {
  const want = PAIRS[textCh(cells[opener]) ?? ""];
  let depth = 0;
  for (let k = opener + 1; k < cells.length; k++) {
    const ch = textCh(cells[k]);
    if (ch === textCh(cells[opener])) depth++;
    else if (ch === want) {
      if (depth === 0) return k;
      depth--;
    }
  }
  return -1;
}
