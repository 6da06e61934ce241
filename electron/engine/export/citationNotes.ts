import type { Material } from "../../../shared/knowledge.js";

/** The paper a paper session's `[p.N]` citations point into. */
export interface CitedPaper {
  title: string;
  authors?: readonly string[];
}

const MATERIAL = /\[(m\d{3,})\]/g;
const PAGE = /\[p\.\s?(\d+)(?:\s?[-–]\s?(\d+))?\]/g;

/**
 * The draft with its citations as GFM footnotes, which the DOCX writer turns into real Word
 * footnotes and the HTML renderer into numbered notes: `[m001]` becomes a note with the
 * material's title, where it is (source, link), its date and page when known; `[p.3]` becomes a
 * note with the paper's title and the page. Citations that resolve to nothing stay as written.
 */
export function withCitationNotes(markdown: string, materials: readonly Material[], locale: "zh" | "en", paper?: CitedPaper): string {
  const byId = new Map(materials.map((m) => [m.id, m]));
  const notes = new Map<string, string>();
  let body = markdown.replace(MATERIAL, (whole, id: string) => {
    const m = byId.get(id);
    if (!m) return whole;
    notes.set(id, materialNote(m, locale));
    return `[^${id}]`;
  });
  if (paper) {
    body = body.replace(PAGE, (_whole, from: string, to: string | undefined) => {
      const label = to ? `p${from}-${to}` : `p${from}`;
      const pages = to ? `${from}–${to}` : from;
      const who = paper.authors?.length ? (locale === "zh" ? `${paper.authors.join("，")}：` : `${paper.authors.join(", ")}, `) : "";
      notes.set(label, locale === "zh" ? `${who}${paper.title}，第 ${pages} 页` : `${who}${paper.title}, ${to ? "pp." : "p."} ${pages}`);
      return `[^${label}]`;
    });
  }
  if (notes.size === 0) return markdown;
  const definitions = [...notes].map(([id, text]) => `[^${id}]: ${text}`).join("\n");
  return `${body.trimEnd()}\n\n${definitions}\n`;
}

function materialNote(m: Material, locale: "zh" | "en"): string {
  const page = m.extra_metadata?.page ?? m.extra_metadata?.pages;
  const url = m.url && /^https?:\/\/\S+$/i.test(m.url.trim()) ? m.url.trim() : null;
  const parts = [m.title.replace(/[[\]]/g, (c) => `\\${c}`), m.source, url, m.published_at, page === undefined || page === null ? null : locale === "zh" ? `第 ${page} 页` : `p. ${page}`];
  return parts.filter((p): p is string => typeof p === "string" && p.trim() !== "").join(locale === "zh" ? "，" : ", ");
}
