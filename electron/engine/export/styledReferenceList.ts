import type { Material } from "../../../shared/knowledge.js";
import type { CslItem } from "../references/citeproc.js";
import { formatReferences, type ReferenceLocale, type ReferenceStyle } from "../references/formatReferences.js";
import { citedIds } from "./citationList.js";

/**
 * The reference list of an export in a citation style (GB/T 7714 numeric or APA): each cited
 * material, in order of first citation, as a web resource (source as its author, its link, its
 * date). Replaces the plain list when the user chose a style.
 */
export function styledReferenceList(markdown: string, materials: readonly Material[], locale: "zh" | "en", style: ReferenceStyle, entryLocale?: ReferenceLocale): string {
  const byId = new Map(materials.map((m) => [m.id, m]));
  const items = citedIds(markdown)
    .map((id) => byId.get(id))
    .filter((m): m is Material => m !== undefined)
    .filter(firstOfWork())
    .map(toCsl);
  return referenceSection(items, locale, style, entryLocale);
}

/** A `## 参考文献` / `## References` section of `items` in `style` (brackets escaped so markdown keeps `[1]` as text). */
export function referenceSection(items: readonly CslItem[], locale: "zh" | "en", style: ReferenceStyle, entryLocale?: ReferenceLocale): string {
  if (items.length === 0) return "";
  const lines = formatReferences(items, style, entryLocale).map((r) => r.text.replace(/[[\]]/g, (c) => `\\${c}`));
  return `\n\n## ${locale === "zh" ? "参考文献" : "References"}\n\n${lines.join("\n\n")}\n`;
}

/** Passages of one work (two pages of the same paper) are one entry of the list: the first cited one stands for it. */
function firstOfWork(): (m: Material) => boolean {
  const seen = new Set<string>();
  return (m) => {
    const work = m.csl && typeof m.csl.id === "string" ? `csl:${m.csl.id}` : `material:${m.id}`;
    if (seen.has(work)) return false;
    seen.add(work);
    return true;
  };
}

/** A material as a CSL item: its work's record when it knows one (a library paper), else a web page or document. */
export function toCsl(m: Material): CslItem {
  // A material that knows its work's record (a paper of the library) is cited as that work.
  if (m.csl && typeof m.csl.type === "string") return { ...m.csl, id: m.id, "citation-key": m.id, type: m.csl.type };
  const date = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(m.published_at ?? "");
  const url = m.url && /^https?:\/\/\S+$/i.test(m.url.trim()) ? m.url.trim() : undefined;
  return {
    id: m.id,
    "citation-key": m.id,
    type: url ? "webpage" : "document",
    title: m.title,
    author: m.source ? [{ family: m.source }] : [],
    ...(date ? { issued: { "date-parts": [date.slice(1).filter(Boolean).map(Number)] } } : {}),
    ...(url ? { URL: url } : {}),
  };
}
