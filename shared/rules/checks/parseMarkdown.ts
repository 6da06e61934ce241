import type { Root } from "mdast";
import remarkDirective from "remark-directive";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkParse from "remark-parse";
import { unified } from "unified";

// One frozen processor: building it per call costs more than parsing a short document.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkFrontmatter, ["yaml", "toml"])
  .use(remarkMath)
  .use(remarkDirective)
  .freeze();

/** Parse markdown into mdast with positions (GFM, front matter, math and `:::` directives enabled). */
export function parseMarkdown(text: string): Root {
  return processor.parse(text) as Root;
}
