import type { Heading, Root } from "mdast";
import { toString } from "mdast-util-to-string";

/** The built-in layouts; a path to a `.docx` is a user's reference document instead. */
export const BUILTIN_TEMPLATES = ["default", "gb-t-9704"] as const;
export type BuiltinTemplate = (typeof BUILTIN_TEMPLATES)[number];

export interface FontSpec {
  /** Chinese text (Word's eastAsia slot); `fallback` is written as the font's alternative name. */
  eastAsia: string;
  fallback?: string;
  /** Latin text. */
  latin: string;
  sizePt: number;
  bold?: boolean;
}

/** One layout for every format: page, fonts, and whether headings get official-document numbers. */
export interface ExportTemplate {
  id: BuiltinTemplate;
  /** A4 and its margins in millimetres. */
  page: { widthMm: number; heightMm: number; top: number; bottom: number; left: number; right: number };
  title: FontSpec & { styleName: string };
  body: FontSpec & { lineSpacingPt?: number; firstLineIndentChars?: number };
  /** `##` … `#####` in order. */
  headings: FontSpec[];
  /** GB/T 9704 §7.3.3 levels: 一、（一）1.（1） before `##` … `#####`. */
  numberedHeadings: boolean;
}

const A4 = { widthMm: 210, heightMm: 297 };

export const TEMPLATES: Record<BuiltinTemplate, ExportTemplate> = {
  default: {
    id: "default",
    page: { ...A4, top: 25.4, bottom: 25.4, left: 25.4, right: 25.4 },
    title: { eastAsia: "Microsoft YaHei", latin: "Calibri", sizePt: 20, bold: true, styleName: "Title" },
    body: { eastAsia: "Microsoft YaHei", latin: "Calibri", sizePt: 11 },
    headings: [16, 14, 12, 11].map((sizePt) => ({ eastAsia: "Microsoft YaHei", latin: "Calibri", sizePt, bold: true })),
    numberedHeadings: false,
  },
  // GB/T 9704-2012 党政机关公文格式: 版心 156 mm × 225 mm on A4 (天头 37 mm, 订口 28 mm); title 2号 小标宋,
  // body 3号 仿宋_GB2312 with 22 lines a page; 一级 黑体, 二级 楷体_GB2312, 三、四级 仿宋_GB2312.
  "gb-t-9704": {
    id: "gb-t-9704",
    page: { ...A4, top: 37, bottom: 35, left: 28, right: 26 },
    title: { eastAsia: "方正小标宋简体", fallback: "华文中宋", latin: "Times New Roman", sizePt: 22, styleName: "公文标题（方正小标宋简体，无此字体时用华文中宋）" },
    body: { eastAsia: "仿宋_GB2312", fallback: "仿宋", latin: "Times New Roman", sizePt: 16, lineSpacingPt: 28.95, firstLineIndentChars: 2 },
    headings: [
      { eastAsia: "黑体", latin: "Times New Roman", sizePt: 16 },
      { eastAsia: "楷体_GB2312", fallback: "楷体", latin: "Times New Roman", sizePt: 16 },
      { eastAsia: "仿宋_GB2312", fallback: "仿宋", latin: "Times New Roman", sizePt: 16, bold: true },
      { eastAsia: "仿宋_GB2312", fallback: "仿宋", latin: "Times New Roman", sizePt: 16 },
    ],
    numberedHeadings: true,
  },
};

const CHINESE_DIGITS = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];

/** 1 → 一, 12 → 十二, 20 → 二十, 35 → 三十五 (enough for a document's headings). */
export function chineseNumber(n: number): string {
  if (n <= 10) return CHINESE_DIGITS[n]!;
  if (n < 20) return `十${CHINESE_DIGITS[n % 10]}`;
  return `${CHINESE_DIGITS[Math.floor(n / 10)]}十${n % 10 === 0 ? "" : CHINESE_DIGITS[n % 10]}`;
}

const LEVEL_LABELS = [(n: number) => `${chineseNumber(n)}、`, (n: number) => `（${chineseNumber(n)}）`, (n: number) => `${n}.`, (n: number) => `（${n}）`];
// A heading the writer already numbered, and the back matter, keep their text.
const ALREADY_NUMBERED = /^\s*(?:[一二三四五六七八九十〇]+、|（[一二三四五六七八九十〇]+）|\d+[.．、]|（\d+）|\(\d+\))/;
const UNNUMBERED = /^(?:参考文献|参考资料|注释|附件|References|Notes)$/i;

/**
 * The GB/T 9704 heading numbers written into the headings' text: `##` 一、, `###` （一）, `####` 1.,
 * `#####` （1）, each level counting inside its parent. `#` is the title and is not numbered.
 */
export function numberHeadings(tree: Root): void {
  const counters = [0, 0, 0, 0];
  for (const node of tree.children) {
    if (node.type !== "heading" || node.depth < 2) continue;
    const level = Math.min(node.depth, 5) - 2;
    const text = toString(node).trim();
    if (UNNUMBERED.test(text)) continue;
    counters[level]! += 1;
    for (let deeper = level + 1; deeper < counters.length; deeper++) counters[deeper] = 0;
    if (ALREADY_NUMBERED.test(text)) continue;
    const label = LEVEL_LABELS[level]!(counters[level]!);
    const first = (node as Heading).children[0];
    if (first?.type === "text") first.value = `${label}${first.value}`;
    else (node as Heading).children.unshift({ type: "text", value: label });
  }
}
