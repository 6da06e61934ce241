import type { Node, Parent } from "mdast";
import { parseMarkdown } from "../../../../../shared/rules/checks/parseMarkdown.js";
import type { RuleSubject } from "../rules/Rule.js";

/** A figure or table named in prose: 图 2-1, 表 3, Figure 1, Table 2. */
const FIGURE_REFERENCE = /[图表]\s*\d|\b(?:fig(?:ure)?\.?|table)\s*\d/i;
/** Prose that names something a reader types: a path, a file name, a flag, a shell command, a snake_case or camelCase key. */
const IDENTIFIER =
  /(?:^|[\s（(“"'：:，,])(?:--?[a-z][\w-]*|~?\.{0,2}\/[\w.-]+|[\w.-]+\/[\w.-]+\/?|[\w-]+\.(?:jsonc?|ya?ml|toml|ini|md|txt|[cm]?[jt]sx?|py|sh|go|rs|java|kt|rb|php|c|cc|cpp|h|hpp|xml|html?|css|conf|cfg|env|lock|gguf|sql)\b|(?:npm|npx|pnpm|yarn|pip|git|docker|kubectl|cargo|go|make|curl|cd|ls|sudo|brew|apt(?:-get)?)\s+[a-z-]+|[a-z][a-z0-9]*_[a-z0-9_]+|[a-z]+[A-Z]\w*)/;
const URL = /\bhttps?:\/\/\S+/gi;

/**
 * Which rule subjects a draft contains, read from its markdown tree: code (a code block or inline
 * code), figures (an image, a table, or one named in prose), identifiers (inline code, or prose
 * naming a path, file, flag, command or key). Links' addresses are not prose: a URL alone is no
 * identifier. A rule about a subject the draft lacks has nothing to review there.
 */
export function draftSubjects(draft: string): Set<RuleSubject> {
  const found = new Set<RuleSubject>();
  const visit = (node: Node): void => {
    switch (node.type) {
      case "code":
        found.add("code");
        break;
      case "inlineCode":
        found.add("code").add("identifier");
        break;
      case "image":
      case "imageReference":
      case "table":
        found.add("figure");
        break;
      case "html":
        if (/<img\b|<table\b|<figure\b/i.test((node as { value?: string }).value ?? "")) found.add("figure");
        break;
      case "text": {
        const text = ((node as { value?: string }).value ?? "").replace(URL, " ");
        if (FIGURE_REFERENCE.test(text)) found.add("figure");
        if (IDENTIFIER.test(text)) found.add("identifier");
        break;
      }
    }
    for (const child of (node as Parent).children ?? []) visit(child);
  };
  visit(parseMarkdown(draft));
  return found;
}
