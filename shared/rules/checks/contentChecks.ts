import { isHan } from "./charClasses.js";
import { cellString, textCh } from "./cellUtils.js";
import type { Finding } from "./Finding.js";
import type { Cell, ProseBlock } from "./proseBlocks.js";

/** Segments longer than this many Han characters without any punctuation are hard to read (ruanyf: ≥ 40 never). */
const MAX_SEGMENT_HAN = 40;
const SEGMENT_BREAKS = "，。、；：？！,.;:?!…";

/** 6.1 segment length, 6.4 one form of address (您 or 你), 6.5 no "降低 N 倍". */
export function contentChecks(blocks: ProseBlock[], out: Finding[]): void {
  const nin: Cell[] = [];
  const ni: Cell[] = [];
  for (const block of blocks) {
    const { cells } = block;
    if (block.kind === "paragraph") segmentLength(cells, out);
    for (const c of cells) {
      if (c.kind !== "text") continue;
      if (c.ch === "您") nin.push(c);
      else if (c.ch === "你") ni.push(c);
    }
    const str = cellString(cells);
    for (const m of str.matchAll(/(降低|减少|下降|缩小|减小|缩短)了?\s*(\d+(?:\.\d+)?|[一二两三四五六七八九十百]+)\s*倍/g)) {
      out.push({ rule: "6.5", offset: cells[m.index]!.start, message: `“${m[0]}”有歧义：减少量不能用倍数表示，改用百分比或“减少到 N 分之一”` });
    }
  }
  if (nin.length && ni.length) {
    const [minority, name, other] = nin.length >= ni.length ? [ni, "你", "您"] : [nin, "您", "你"];
    for (const c of minority) out.push({ rule: "6.4", offset: c.start, message: `全文统一称呼读者：本文多用“${other}”，这里用了“${name}”` });
  }
}

function segmentLength(cells: Cell[], out: Finding[]): void {
  let han = 0;
  let segStart: Cell | undefined;
  const flush = () => {
    if (han > MAX_SEGMENT_HAN && segStart) out.push({ rule: "6.1", offset: segStart.start, message: `句子过长：${han} 个汉字之间没有标点，请拆分` });
    han = 0;
    segStart = undefined;
  };
  for (const c of cells) {
    const ch = textCh(c);
    if (ch !== undefined && SEGMENT_BREAKS.includes(ch)) {
      flush();
      continue;
    }
    if (isHan(ch)) {
      segStart ??= c;
      han++;
    }
  }
  flush();
}
