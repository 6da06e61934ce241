import type { TypographyConventions } from "../TypographyConventions.js";
import { isAlnum, isDigit, isFwNoSpace, isHan } from "./charClasses.js";
import { cellString, deleteCells, isChineseProse, spaceRunEnd, textCh } from "./cellUtils.js";
import type { Finding } from "./Finding.js";
import type { Cell, ProseBlock } from "./proseBlocks.js";

/** 2.1 CJK–Latin/digit spacing, 2.2 spaces around fullwidth marks and redundant spaces, 2.9 inline code, 2.10 link text. */
export function spacingChecks(block: ProseBlock, conv: TypographyConventions, out: Finding[]): void {
  const { cells } = block;
  const str = cellString(cells);
  for (let i = 0; i + 1 < cells.length; i++) {
    const a = cells[i] as Cell;
    const b = cells[i + 1] as Cell;
    if (a.kind === "text" && b.kind === "text") {
      const aAlnum = isAlnum(a.ch) || (a.ch === "%" && isDigit(textCh(cells[i - 1])));
      const hanThenAlnum = isHan(a.ch) && isAlnum(b.ch);
      const alnumThenHan = aAlnum && isHan(b.ch);
      if (!hanThenAlnum && !alnumThenHan) continue;
      const digitSide = hanThenAlnum ? b.ch : a.ch;
      if (!conv.cjkDigitSpace && (isDigit(digitSide) || digitSide === "%")) continue;
      if (isException(str, i, conv.spacingExceptions)) continue;
      out.push({ rule: "2.1", offset: a.start, message: "中文与英文、数字之间需要一个半角空格", edits: [{ start: a.after, end: a.after, text: " " }] });
    } else if (conv.inlineCode === "space" && (a.kind === "code" || b.kind === "code")) {
      const other = a.kind === "code" ? b : a;
      if (other.kind !== "text" || !(isHan(other.ch) || isAlnum(other.ch))) continue;
      out.push({ rule: "2.9", offset: b.start, message: "行内代码与相邻的中文、英文或数字之间需要一个半角空格", edits: [{ start: a.after, end: a.after, text: " " }] });
    }
  }
  if (conv.inlineCode === "none") inlineCodeNoSpace(cells, out);
  spaceRuns(block, out);
  for (const [first, last] of block.linkTexts) linkInnerSpaces(cells, first, last, out);
}

function isException(str: string, i: number, terms: string[]): boolean {
  for (const term of terms) {
    let from = 0;
    for (;;) {
      const at = str.indexOf(term, from);
      if (at < 0) break;
      if (at <= i && i + 1 < at + term.length) return true;
      from = at + 1;
    }
  }
  return false;
}

function inlineCodeNoSpace(cells: Cell[], out: Finding[]): void {
  for (let i = 0; i < cells.length; i++) {
    if (cells[i]?.kind !== "code") continue;
    const after = spaceRunEnd(cells, i + 1);
    if (after > i + 1 && isHan(textCh(cells[after]))) {
      out.push({ rule: "2.9", offset: cells[i + 1]!.start, message: "按约定，行内代码与中文之间不加空格", edits: deleteCells(cells, i + 1, after - 1) });
    }
    let before = i - 1;
    while (before >= 0 && /^[ \t]$/.test(textCh(cells[before]) ?? "")) before--;
    if (before < i - 1 && isHan(textCh(cells[before]))) {
      out.push({ rule: "2.9", offset: cells[before + 1]!.start, message: "按约定，行内代码与中文之间不加空格", edits: deleteCells(cells, before + 1, i - 1) });
    }
  }
}

function spaceRuns(block: ProseBlock, out: Finding[]): void {
  const { cells } = block;
  const chinese = isChineseProse(cells);
  for (let i = 0; i < cells.length; ) {
    const end = spaceRunEnd(cells, i);
    if (end === i) {
      i++;
      continue;
    }
    const left = cells[i - 1];
    const right = cells[end];
    const leftOk = left !== undefined && (left.kind === "text" || left.kind === "code");
    const rightOk = right !== undefined && (right.kind === "text" || right.kind === "code");
    const run = cells.slice(i, end);
    const hasIdeographic = run.some((c) => c.ch === "\u3000");
    const contiguous =
      left !== undefined &&
      right !== undefined &&
      left.end === run[0]!.start &&
      run.every((c, k) => (run[k + 1] ? c.end === run[k + 1]!.start : c.end === right.start));
    if (chinese && ((isFwNoSpace(textCh(left)) && rightOk) || (isFwNoSpace(textCh(right)) && leftOk))) {
      out.push({ rule: "2.2", offset: run[0]!.start, message: "全角标点前后不加空格", edits: deleteCells(cells, i, end - 1) });
    } else if (block.kind === "paragraph" && isHan(textCh(left)) && isHan(textCh(right)) && contiguous) {
      out.push({ rule: "2.2", offset: run[0]!.start, message: "中文字符之间不加空格", edits: deleteCells(cells, i, end - 1) });
    } else if (hasIdeographic) {
      const edits = leftOk && rightOk ? [{ start: run[0]!.start, end: run[0]!.end, text: " " }, ...deleteCells(cells, i + 1, end - 1)] : deleteCells(cells, i, end - 1);
      out.push({ rule: "2.2", offset: run[0]!.start, message: "不使用全角空格（U+3000）", edits });
    } else if (end - i >= 2 && leftOk && rightOk && run.every((c) => c.ch === " " || c.ch === "\t")) {
      out.push({ rule: "2.2", offset: run[1]!.start, message: "正文中不连续使用多个空格", edits: deleteCells(cells, i + 1, end - 1) });
    }
    i = end;
  }
}

function linkInnerSpaces(cells: Cell[], first: number, last: number, out: Finding[]): void {
  const leadEnd = spaceRunEnd(cells, first);
  if (leadEnd > last) return; // link text is all spaces: leave it to the writer
  if (leadEnd > first) out.push({ rule: "2.10", offset: cells[first]!.start, message: "链接文字的开头不留空格", edits: deleteCells(cells, first, leadEnd - 1) });
  let trail = last;
  while (trail > first && /^[ \t\u3000]$/.test(textCh(cells[trail]) ?? "")) trail--;
  if (trail < last) out.push({ rule: "2.10", offset: cells[trail + 1]!.start, message: "链接文字的末尾不留空格", edits: deleteCells(cells, trail + 1, last) });
}
