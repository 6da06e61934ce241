import type { Material } from "../../../shared/knowledge.js";

const CITATION = /\[(m\d{3,})\]/g;

/** Material ids cited in the text, in order of first appearance. */
export function citedIds(markdown: string): string[] {
  const seen = new Set<string>();
  for (const match of markdown.matchAll(CITATION)) seen.add(match[1]!);
  return [...seen];
}

/**
 * The reference list appended to exports: every cited id resolved to its material's title and
 * source (and link and date when known). Ids that match no material are left out: the writer
 * already filters citations to confirmed materials, so this only guards old or hand-edited drafts.
 */
export function citationList(markdown: string, materials: readonly Material[], locale: "zh" | "en"): string {
  const byId = new Map(materials.map((m) => [m.id, m]));
  const lines = citedIds(markdown)
    .map((id) => byId.get(id))
    .filter((m): m is Material => m !== undefined)
    .map((m) => {
      const url = linkable(m.url);
      const title = url ? `[${escapeBrackets(m.title)}](${url})` : escapeBrackets(m.title);
      const date = m.published_at ? (locale === "zh" ? `，${m.published_at}` : `, ${m.published_at}`) : "";
      return locale === "zh" ? `- [${m.id}] ${title}，${m.source}${date}` : `- [${m.id}] ${title}, ${m.source}${date}`;
    });
  if (lines.length === 0) return "";
  return `\n\n## ${locale === "zh" ? "参考资料" : "References"}\n\n${lines.join("\n")}\n`;
}

/**
 * Only web links become links (a `javascript:` or `file:` URL from a provider or a hand-edited
 * material stays out of every export); spaces and parentheses are escaped so the link stays one.
 */
function linkable(url: string | null): string | null {
  if (!url || !/^https?:\/\/[^\s]+$/i.test(url.trim())) return null;
  return url.trim().replace(/[()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function escapeBrackets(text: string): string {
  return text.replace(/[[\]]/g, (c) => `\\${c}`);
}

/** Chinese when the text has more CJK characters than Latin letters. */
export function guessLocale(markdown: string): "zh" | "en" {
  const cjk = (markdown.match(/[\u4e00-\u9fff]/g) ?? []).length;
  const latin = (markdown.match(/[A-Za-z]/g) ?? []).length;
  return cjk * 2 >= latin ? "zh" : "en";
}
