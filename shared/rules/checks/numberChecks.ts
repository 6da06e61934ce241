import type { TypographyConventions } from "../TypographyConventions.js";
import { cellString, deleteCells } from "./cellUtils.js";
import type { Finding } from "./Finding.js";
import type { ProseBlock } from "./proseBlocks.js";

/**
 * Unit symbols that take the number–unit convention. Single letters (B, m, s, g, V) are left out on
 * purpose: "7B 参数", "5G 网络" and "3D" are names, not measurements.
 */
const UNITS = [
  "KB", "MB", "GB", "TB", "PB", "KiB", "MiB", "GiB", "TiB", "kbps", "Kbps", "Mbps", "Gbps", "bps",
  "Hz", "kHz", "MHz", "GHz", "ms", "ns", "μs", "min", "mm", "cm", "km", "kg", "mg", "mAh", "kW", "kWh", "dB",
];
const UNIT_RE = new RegExp(`(?<![A-Za-z0-9.])(\\d+(?:\\.\\d+)?)( *)(${UNITS.sort((a, b) => b.length - a.length).join("|")})(?![A-Za-z0-9])`, "g");
const SYMBOL_RE = /(?<=\d)( +)(°C|°F|[%‰°℃℉′″])/g;
const FULLWIDTH_ALNUM = /[０-９Ａ-Ｚａ-ｚ]+/g;

/** 2.8 numbers and units: halfwidth digits, number–unit spacing per convention, no space before % ° ℃. */
export function numberChecks(block: ProseBlock, conv: TypographyConventions, out: Finding[]): void {
  const { cells } = block;
  const str = cellString(cells);
  for (const m of str.matchAll(FULLWIDTH_ALNUM)) {
    const edits = [...m[0]].map((ch, k) => {
      const cell = cells[m.index + k]!;
      return { start: cell.start, end: cell.end, text: String.fromCharCode(ch.charCodeAt(0) - 0xfee0) };
    });
    out.push({ rule: "2.8", offset: cells[m.index]!.start, message: "数字和英文字母使用半角字符", edits });
  }
  for (const m of str.matchAll(SYMBOL_RE)) {
    const from = m.index;
    if (cells.slice(from, from + m[0].length).some((c) => c.kind !== "text")) continue;
    out.push({ rule: "2.8", offset: cells[from]!.start, message: `数字与“${m[2]}”之间不加空格`, edits: deleteCells(cells, from, from + (m[1]?.length ?? 0) - 1) });
  }
  for (const m of str.matchAll(UNIT_RE)) {
    const numberEnd = m.index + (m[1]?.length ?? 0);
    const spaces = m[2]?.length ?? 0;
    if (cells.slice(m.index, m.index + m[0].length).some((c) => c.kind !== "text")) continue;
    if (conv.numberUnit === "space" && spaces === 0) {
      const last = cells[numberEnd - 1]!;
      out.push({ rule: "2.8", offset: last.start, message: `数字与单位“${m[3]}”之间加一个半角空格`, edits: [{ start: last.after, end: last.after, text: " " }] });
    } else if (conv.numberUnit === "none" && spaces > 0) {
      out.push({ rule: "2.8", offset: cells[numberEnd]!.start, message: `按约定，数字与单位“${m[3]}”之间不加空格`, edits: deleteCells(cells, numberEnd, numberEnd + spaces - 1) });
    }
  }
}
