import type { Code, Heading, Image, InlineCode, Link, Node, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import { isCjk } from "./charClasses.js";
import { textCh } from "./cellUtils.js";
import type { Finding } from "./Finding.js";
import type { ProseBlock } from "./proseBlocks.js";

const VAGUE_LINK_TEXTS = new Set(["这里", "点这里", "点击这里", "此处", "点此", "点击此处", "链接", "这个链接", "此链接", "here", "click here", "this link", "link"]);
const start = (node: Node): number => node.position?.start.offset ?? 0;

/** Module 1 (headings, blank lines, trailing whitespace), module 3 (code, images) and 4.3 (link text). */
export function structureChecks(text: string, tree: Root, blocks: ProseBlock[], mask: Uint8Array, out: Finding[]): void {
  headings(tree, out);
  for (const block of blocks) if (block.kind === "heading") headingPunctuation(block, out);
  whitespaceLines(text, tree, mask, out);
  visit(tree, (node: Node) => {
    if (node.type === "code") codeBlock(text, node as Code, out);
    else if (node.type === "inlineCode") inlineCode(text, node as InlineCode, out);
    else if (node.type === "image" && !(node as Image).alt?.trim()) out.push({ rule: "3.3", offset: start(node), message: "图片需要替代文字（alt）" });
    else if (node.type === "link" && VAGUE_LINK_TEXTS.has(toString(node as Link).trim().toLowerCase())) {
      out.push({ rule: "4.3", offset: start(node), message: `链接文字“${toString(node as Link).trim()}”没有说明目标，请写出链接指向的内容` });
    }
  });
}

function headings(tree: Root, out: Finding[]): void {
  let h1Count = 0;
  let prevDepth = 0;
  const stack: Array<{ depth: number; text: string; children: Set<string> }> = [{ depth: 0, text: "", children: new Set() }];
  visit(tree, "heading", (node: Heading) => {
    const text = toString(node).replace(/\s*\{#[^}]*\}\s*$/, "").trim();
    if (node.depth === 1 && ++h1Count > 1) out.push({ rule: "1.1", offset: start(node), message: "全文只有一个一级标题" });
    if (prevDepth > 0 && node.depth > prevDepth + 1) out.push({ rule: "1.2", offset: start(node), message: `标题层级不能跳级：H${prevDepth} 之后出现了 H${node.depth}` });
    if (node.depth > 4) out.push({ rule: "1.2", offset: start(node), message: "标题最多四级" });
    prevDepth = node.depth;
    while (stack.length > 1 && stack[stack.length - 1]!.depth >= node.depth) stack.pop();
    const parent = stack[stack.length - 1]!;
    if (text && parent.depth > 0 && parent.text === text) out.push({ rule: "1.4", offset: start(node), message: `子标题“${text}”与上级标题重名` });
    else if (text && parent.children.has(text)) out.push({ rule: "1.4", offset: start(node), message: `同级标题“${text}”重复` });
    parent.children.add(text);
    stack.push({ depth: node.depth, text, children: new Set() });
  });
}

function headingPunctuation(block: ProseBlock, out: Finding[]): void {
  const { cells } = block;
  let i = cells.length - 1;
  while (i >= 0 && (textCh(cells[i]) === " " || cells[i]?.kind === "opaque")) i--;
  const cell = cells[i];
  const ch = textCh(cell);
  if (!cell || ch === undefined) return;
  const cjkHeading = cells.some((c) => isCjk(textCh(c)));
  const before = cells.slice(0, i).map((c) => textCh(c) ?? "").join("");
  // An English heading's full stop too, but not an abbreviation's ("… etc.", "v2.0 vs.").
  const latinStop = ".;:".includes(ch) && /[A-Za-z]$/.test(before) && !/\b(?:etc|vs|Inc|Ltd|Co|e\.g|i\.e)$/i.test(before);
  const halfwidthStop = ".,;:".includes(ch) && ((cjkHeading && textCh(cells[i - 1]) !== ".") || latinStop);
  if ("。，、；：".includes(ch) || halfwidthStop) {
    out.push({ rule: "1.3", offset: cell.start, message: `标题末尾不使用点号“${ch}”`, edits: [{ start: cell.start, end: cell.end, text: "" }] });
  }
}

function whitespaceLines(text: string, tree: Root, mask: Uint8Array, out: Finding[]): void {
  const breaks: Array<[number, number]> = [];
  visit(tree, "break", (node: Node) => {
    breaks.push([start(node), node.position?.end.offset ?? 0]);
  });
  let lineStart = 0;
  let blankRun = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf("\n", lineStart);
    const lineEnd = nl < 0 ? text.length : nl;
    const contentEnd = text[lineEnd - 1] === "\r" ? lineEnd - 1 : lineEnd;
    const line = text.slice(lineStart, contentEnd);
    const trailing = /[ \t]+$/.exec(line);
    const blank = line.trim() === "";
    const protectedLine = mask[lineStart] === 1 || mask[Math.max(lineStart, contentEnd - 1)] === 1;
    if (trailing && !protectedLine) {
      const from = lineStart + trailing.index;
      const isBreak = breaks.some(([a, b]) => a <= from && from < b);
      if (!isBreak) out.push({ rule: "1.5", offset: from, message: "行尾不留空白字符", edits: [{ start: from, end: contentEnd, text: "" }] });
    }
    blankRun = blank && !protectedLine ? blankRun + 1 : 0;
    if (blankRun >= 2 && nl >= 0) out.push({ rule: "1.5", offset: lineStart, message: "段落之间只空一行", edits: [{ start: lineStart, end: nl + 1, text: "" }] });
    if (nl < 0) break;
    lineStart = nl + 1;
  }
}

function codeBlock(text: string, node: Code, out: Finding[]): void {
  const raw = text.slice(start(node), node.position?.end.offset ?? 0).trimStart();
  const fenced = raw.startsWith("```") || raw.startsWith("~~~");
  if (!fenced) out.push({ rule: "3.1", offset: start(node), message: "代码块使用围栏（```）而不是缩进" });
  else if (!node.lang) out.push({ rule: "3.1", offset: start(node), message: "代码块需要标注语言，例如 ```bash" });
}

function inlineCode(text: string, node: InlineCode, out: Finding[]): void {
  const raw = text.slice(start(node), node.position?.end.offset ?? 0);
  const m = /^(`+)([\s\S]*?)\1$/.exec(raw);
  const content = m?.[2] ?? "";
  if (content.trim() === "") out.push({ rule: "3.2", offset: start(node), message: "行内代码不能为空" });
  else if (/^\s|\s$/.test(content) && !/^\s*`|`\s*$/.test(content)) out.push({ rule: "3.2", offset: start(node), message: "行内代码内侧不留空格" });
}
