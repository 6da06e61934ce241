import type { Root, Text, Link, PhrasingContent } from "mdast";
import { visit, SKIP } from "unist-util-visit";

/** Citation markers the writer emits, e.g. `[m001]`. */
const CITATION = /\[(m\d{1,4})\]/g;

/** Internal link prefix the renderer turns into a material chip; never a navigable URL. */
export const CITATION_HREF_PREFIX = "#cite-";

/**
 * Remark plugin: splits text nodes around `[m001]` markers into links to `#cite-m001`, which the
 * markdown view renders as chips that open the material. Pure AST rewrite; no HTML involved.
 */
export function remarkCitations() {
  return (tree: Root) => {
    visit(tree, "text", (node: Text, index, parent) => {
      if (!parent || index === undefined || parent.type === "link" || parent.type === "linkReference") return;
      const parts = splitCitations(node.value);
      if (parts.length === 1 && parts[0]?.type === "text") return;
      parent.children.splice(index, 1, ...(parts as never[]));
      return [SKIP, index + parts.length];
    });
  };
}

/** Splits one string into text and citation-link nodes. */
export function splitCitations(value: string): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let last = 0;
  for (const match of value.matchAll(CITATION)) {
    const start = match.index ?? 0;
    if (start > last) out.push({ type: "text", value: value.slice(last, start) });
    const link: Link = { type: "link", url: `${CITATION_HREF_PREFIX}${match[1]}`, children: [{ type: "text", value: match[1] ?? "" }] };
    out.push(link);
    last = start + match[0].length;
  }
  if (last < value.length || out.length === 0) out.push({ type: "text", value: value.slice(last) });
  return out;
}
