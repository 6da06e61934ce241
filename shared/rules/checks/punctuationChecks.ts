import type { TypographyConventions } from "../TypographyConventions.js";
import { FW_CLOSE, FW_STOPS, isAlnum, isCjk, isFwPunct, isHan, isLatin } from "./charClasses.js";
import { deleteCells, isChineseProse, replaceCell, textCh } from "./cellUtils.js";
import type { Finding } from "./Finding.js";
import type { Cell, ProseBlock } from "./proseBlocks.js";

const TO_FULLWIDTH: Record<string, string> = { ",": "，", ".": "。", ";": "；", ":": "：", "!": "！", "?": "？" };

/** 2.3 fullwidth punctuation after Chinese, 2.4 repeated punctuation, 2.7 ellipsis. */
export function punctuationChecks(block: ProseBlock, conv: TypographyConventions, out: Finding[]): void {
  const { cells } = block;
  if (isChineseProse(cells)) halfwidthAfterChinese(cells, out);
  repeatedPunctuation(cells, out);
  ellipsis(cells, conv, out);
}

function halfwidthAfterChinese(cells: Cell[], out: Finding[]): void {
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i] as Cell;
    const full = c.kind === "text" ? TO_FULLWIDTH[c.ch] : undefined;
    if (!full) continue;
    const prev = textCh(cells[i - 1]);
    const next = cells[i + 1];
    const nextCh = textCh(next);
    const nextEnds = next === undefined || next.kind === "newline" || nextCh === " " || nextCh === "\t";
    const nextChinese = isCjk(nextCh) || isFwPunct(nextCh);
    let flag = false;
    if (isHan(prev) || (prev !== undefined && FW_CLOSE.includes(prev) && prev !== "’")) {
      if (c.ch === ".") flag = (nextEnds || nextChinese) && prev !== "." && nextCh !== ".";
      else flag = !isAlnum(nextCh) && nextCh !== "/" && next?.kind !== "code" && nextCh !== c.ch;
      if (c.ch === ":" && next?.kind === "opaque") flag = false;
    } else if (",;!?".includes(c.ch) && (isAlnum(prev) || cells[i - 1]?.kind === "code") && isHan(nextCh)) {
      flag = true;
    }
    if (flag) out.push({ rule: "2.3", offset: c.start, message: `中文语境中使用全角标点“${full}”，而不是半角“${c.ch}”`, edits: [replaceCell(c, full)] });
  }
}

function repeatedPunctuation(cells: Cell[], out: Finding[]): void {
  for (let i = 0; i < cells.length; ) {
    let j = i;
    while (j < cells.length && cells[j]?.kind === "text" && FW_STOPS.includes(cells[j]!.ch)) j++;
    if (j - i >= 2) {
      const run = cells.slice(i, j).map((c) => c.ch).join("");
      const allowed = run === "？！" || run === "！？" || /^。{3,}$/.test(run); // 。。。 is an ellipsis (2.7)
      if (!allowed) {
        const same = [...run].every((ch) => ch === run[0]);
        out.push({
          rule: "2.4",
          offset: cells[i]!.start,
          message: `不重复使用标点符号：“${run}”`,
          ...(same ? { edits: deleteCells(cells, i + 1, j - 1) } : {}),
        });
      }
    }
    i = Math.max(j, i + 1);
  }
}

function ellipsis(cells: Cell[], conv: TypographyConventions, out: Finding[]): void {
  const target = conv.ellipsis;
  for (let i = 0; i < cells.length; ) {
    const ch = textCh(cells[i]);
    if (ch !== "." && ch !== "。" && ch !== "…" && ch !== "⋯") {
      i++;
      continue;
    }
    const family = ch === "…" || ch === "⋯" ? "…⋯" : ch;
    let j = i;
    while (j < cells.length && family.includes(textCh(cells[j]) ?? "\0")) j++;
    const run = cells.slice(i, j).map((c) => c.ch).join("");
    const prev = cells[i - 1];
    const next = cells[j];
    const prevCh = textCh(prev);
    const nextCh = textCh(next);
    const chineseBefore = isCjk(prevCh) || (isFwPunct(prevCh) && !"…⋯".includes(prevCh ?? ""));
    const latinAround = isAlnum(nextCh) || next?.kind === "code" || isLatin(prevCh);
    let bad = false;
    if (ch === ".") bad = run.length >= 3 && chineseBefore && !latinAround;
    else if (ch === "。") bad = run.length >= 3;
    else bad = run !== "……" && run !== "⋯⋯" && (chineseBefore || isCjk(nextCh) || isFwPunct(nextCh)) && !isLatin(prevCh);
    if (bad) {
      out.push({
        rule: "2.7",
        offset: cells[i]!.start,
        message: `省略号使用“${target}”，而不是“${run}”`,
        edits: [{ start: cells[i]!.start, end: cells[j - 1]!.end, text: target }],
      });
    } else if ((run === "……" || run === "⋯⋯") && nextCh === "等") {
      out.push({ rule: "2.7", offset: cells[i]!.start, message: "省略号与“等”不同时使用" });
    }
    i = j;
  }
}
