import type { Node, Root } from "mdast";
import { visit } from "unist-util-visit";

/**
 * Offsets that no check may read as prose or change: markup that remark does not know (Hexo `{% %}` tags,
 * `{{ }}` templates, `{#anchor}` attribute blocks, `:::`/admonition lines), URLs, paths, HTML entities and
 * escapes, plus every AST node that is code, HTML, front matter or math. zhlint's issues (#39, #140,
 * intro2oss#46) show that linting any of these as prose is the main source of false positives.
 */
export function sourceMasks(text: string, tree: Root): Uint8Array {
  const mask = new Uint8Array(text.length + 1);
  const mark = (start: number, end: number): void => {
    for (let i = Math.max(0, start); i < Math.min(end, text.length); i++) mask[i] = 1;
  };
  const patterns: RegExp[] = [
    /\{%-?\s*(\w+)[^%]*%\}[\s\S]*?\{%-?\s*end\1\s*-?%\}/g, // Hexo/Jinja block tags with their body
    /\{%[\s\S]*?%\}/g,
    /\{\{[\s\S]*?\}\}/g,
    /\{\s*[#.][^{}\n]*\}/g, // heading anchors and attribute blocks
    /^[ \t>]*:::.*$/gm, // VuePress/remark containers, including their titles
    /^[ \t>]*(?:!!!|\?\?\?\+?)[ \t].*$/gm, // MkDocs admonitions
    /\b(?:https?|ftp|file):\/\/[^\s<>()（）[\]{}"'“”‘’，。；！？、]+/g,
    /\bwww\.[A-Za-z0-9-]+\.[^\s<>()（）"'“”‘’，。；！？、]+/g,
    /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
    /(?<![\w.])(?:~|\.{1,2})?\/?[\w.~-]+(?:\/[\w.~-]+)+\/?/g, // paths such as src/a.ts, HTTP/2, TCP/IP
    /\b[A-Za-z]:\\[^\s，。；]*/g,
    /&(?:[A-Za-z][A-Za-z0-9]*|#\d+|#x[0-9A-Fa-f]+);/g,
    /\\[!-/:-@[-`{-~]/g,
  ];
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) mark(m.index, m.index + m[0].length);
  }
  const opaqueTypes = new Set(["code", "inlineCode", "html", "yaml", "toml", "math", "inlineMath", "definition"]);
  visit(tree, (node: Node) => {
    if (!opaqueTypes.has(node.type)) return;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined) mark(start, end);
  });
  return mask;
}
