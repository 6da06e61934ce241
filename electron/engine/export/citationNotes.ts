import type { Material } from "../../../shared/knowledge.js";

/** The paper a paper session's `[p.N]` citations point into. */
export interface CitedPaper {
  title: string;
  authors?: readonly string[];
}

const MATERIAL = /\[(m\d{3,})\]/g;
// `[p.3]`, `[p.7-8]`, `[p.3, p.5]` and, with several papers, `[P2 p.4]` (the paper reader's tags).
const PAGE = /\[(?:P(\d{1,2})\s+)?p\.\s?(\d{1,5})(?:\s?[-–]\s?(\d{1,5}))?((?:\s*[,，、]\s*(?:p\.\s*)?\d{1,5})*)\]/g;

/**
 * The draft with its citations as GFM footnotes, which the DOCX writer turns into real Word
 * footnotes and the HTML renderer into numbered notes: `[m001]` becomes a note with the
 * material's title, where it is (source, link), its date and page when known; `[p.3]` becomes a
 * note with the paper's title and the page (`[P2 p.4]`: the second of `paper`'s list; `[p.3, p.5]`: one
 * note per page). Citations that resolve to nothing stay as written.
 */
export function withCitationNotes(markdown: string, materials: readonly Material[], locale: "zh" | "en", paper?: CitedPaper | readonly CitedPaper[]): string {
  const papers: readonly CitedPaper[] = paper === undefined ? [] : Array.isArray(paper) ? paper : [paper as CitedPaper];
  const byId = new Map(materials.map((m) => [m.id, m]));
  const notes = new Map<string, string>();
  let body = markdown.replace(MATERIAL, (whole, id: string) => {
    const m = byId.get(id);
    if (!m) return whole;
    notes.set(id, materialNote(m, locale));
    return `[^${id}]`;
  });
  if (papers.length > 0) {
    body = body.replace(PAGE, (whole, n: string | undefined, from: string, to: string | undefined, more: string) => {
      const index = n ? Number(n) - 1 : 0;
      const cited = papers[index];
      if (!cited) return whole;
      const prefix = n ? `P${n}-` : "";
      const ranges: Array<[string, string | undefined]> = [[from, to], ...[...more.matchAll(/\d{1,5}/g)].map((m): [string, undefined] => [m[0], undefined])];
      return ranges
        .map(([first, last]) => {
          const label = `${prefix}${last ? `p${first}-${last}` : `p${first}`}`;
          notes.set(label, pageNote(cited, first, last, locale));
          return `[^${label}]`;
        })
        .join("");
    });
  }
  if (notes.size === 0) return markdown;
  const definitions = [...notes].map(([id, text]) => `[^${id}]: ${text}`).join("\n");
  return `${body.trimEnd()}\n\n${definitions}\n`;
}

function pageNote(paper: CitedPaper, from: string, to: string | undefined, locale: "zh" | "en"): string {
  const pages = to ? `${from}–${to}` : from;
  const title = paper.title.replace(/[[\]]/g, (c) => `\\${c}`);
  const who = paper.authors?.length ? (locale === "zh" ? `${paper.authors.join("，")}：` : `${paper.authors.join(", ")}, `) : "";
  return locale === "zh" ? `${who}${title}，第 ${pages} 页` : `${who}${title}, ${to ? "pp." : "p."} ${pages}`;
}

function materialNote(m: Material, locale: "zh" | "en"): string {
  const page = m.extra_metadata?.page ?? m.extra_metadata?.pages;
  const url = m.url && /^https?:\/\/\S+$/i.test(m.url.trim()) ? m.url.trim() : null;
  const parts = [m.title.replace(/[[\]]/g, (c) => `\\${c}`), m.source, url, m.published_at, page === undefined || page === null ? null : locale === "zh" ? `第 ${page} 页` : `p. ${page}`];
  return parts.filter((p): p is string => typeof p === "string" && p.trim() !== "").join(locale === "zh" ? "，" : ", ");
}
