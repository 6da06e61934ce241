import type { Element, Nodes, Root } from "hast";
import { toText } from "hast-util-to-text";
import rehypeParse from "rehype-parse";
import { unified } from "unified";

const SKIP = new Set(["script", "style", "noscript", "template", "head", "nav", "svg", "iframe"]);
const BLOCK = new Set(["p", "li", "pre", "blockquote", "table", "dt", "dd", "figcaption", "caption", "address"]);

/**
 * HTML → markdown-ish text: headings become `#` lines (so chunkMarkdown keeps a heading path),
 * every block element one paragraph. Used for HTML files and for DOCX (via mammoth's HTML).
 */
export function htmlToMarkdown(html: string): string {
  const tree = unified().use(rehypeParse).parse(html) as Root;
  const blocks: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === "text") {
      const text = node.value.trim();
      if (text) blocks.push(text);
      return;
    }
    if (node.type !== "element" && node.type !== "root") return;
    if (node.type === "element") {
      const tag = node.tagName;
      if (SKIP.has(tag)) return;
      const heading = /^h([1-6])$/.exec(tag);
      if (heading) {
        const text = oneLine(toText(node));
        // Levels past 3 do not split sections; they stay as plain text in the body.
        if (text) blocks.push(Number(heading[1]) <= 3 ? `${"#".repeat(Number(heading[1]))} ${text}` : text);
        return;
      }
      if (BLOCK.has(tag)) {
        const text = blockText(node);
        if (text) blocks.push(text);
        return;
      }
    }
    for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return blocks.join("\n\n");
}

function blockText(node: Element): string {
  return toText(node, { whitespace: node.tagName === "pre" ? "pre" : "normal" }).trim();
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
