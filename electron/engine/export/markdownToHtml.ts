import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

/**
 * A standalone HTML document. Raw HTML in the markdown is dropped (remark-rehype without
 * `allowDangerousHtml`) and the result sanitised, so an exported file cannot carry script.
 */
export async function markdownToHtml(markdown: string, title: string, locale: "zh" | "en"): Promise<string> {
  const body = String(
    await unified()
      .use(remarkParse)
      .use(remarkGfm)
      // Citations are footnotes (citationNotes.ts): labelled in the document's language. remark-rehype
      // already prefixes the note ids, so the sanitiser must not prefix them again (the links would break).
      .use(remarkRehype, { footnoteLabel: locale === "zh" ? "注释" : "Notes", footnoteBackLabel: locale === "zh" ? "返回正文" : "Back to text" })
      .use(rehypeSanitize, { ...defaultSchema, clobberPrefix: "" })
      .use(rehypeStringify)
      .process(markdown),
  );
  return `<!doctype html>
<html lang="${locale === "zh" ? "zh-CN" : "en"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { max-width: 46rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.75;
  font-family: "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", system-ui, sans-serif; color: #1f2328; }
table { border-collapse: collapse; } th, td { border: 1px solid #d0d7de; padding: .3rem .6rem; }
code { background: #f6f8fa; padding: .1rem .3rem; border-radius: 4px; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
