import type { PaperLine } from "./parsePaper.js";

/**
 * Pages for papers that have no page geometry (DOCX, Markdown, text, HTML), so `[p.N]` citations,
 * the reader pane and "what is on page 3" work for them too:
 * 1. the source's own page breaks where the format has them — a form feed (`\f`) in text and
 *    Markdown, a DOCX page break (`<w:br w:type="page"/>`, via mammoth), an HTML element styled
 *    `page-break-before/after: always` or `break-before/after: page`;
 * 2. otherwise fixed-size pages of about one printed page ({@link PAGE_WEIGHT}), cut only between
 *    paragraphs, so a location is stable for the same file.
 */

/** What mammoth writes for a DOCX page break (its style map), and the token both HTML paths use. */
export const DOCX_PAGE_BREAK_STYLE = "br[type='page'] => hr.scriptorium-page-break";
const TOKEN = "SCRIPTORIUMPAGEBREAK";

/**
 * Weight of a fixed-size page: Latin characters count 1, CJK characters 2 — about 500 English words
 * or 1 500 Chinese characters, roughly a printed A4 page of body text.
 */
export const PAGE_WEIGHT = 3000;

/** Marks the page breaks of an HTML document (or mammoth's DOCX HTML) with a text token that survives htmlToMarkdown. */
export function markHtmlPageBreaks(html: string): string {
  const marker = `<p>${TOKEN}</p>`;
  let marked = html.replace(/<hr\b[^>]*\bclass\s*=\s*["'][^"']*\bscriptorium-page-break\b[^"']*["'][^>]*>/gi, marker);
  marked = marked.replace(/<([a-z][a-z0-9]*)\b[^>]*\bstyle\s*=\s*["'][^"']*\b(?:page-break-before\s*:\s*always|break-before\s*:\s*page)\b[^>]*>/gi, (tag) => `${marker}${tag}`);
  // page-break-after: the break goes after the element's closing tag (first one; paragraphs and divs do not nest here).
  const after = /<([a-z][a-z0-9]*)\b[^>]*\bstyle\s*=\s*["'][^"']*\b(?:page-break-after\s*:\s*always|break-after\s*:\s*page)\b[^>]*>/gi;
  let out = "";
  let last = 0;
  for (let match = after.exec(marked); match; match = after.exec(marked)) {
    const close = marked.toLowerCase().indexOf(`</${match[1]!.toLowerCase()}>`, match.index + match[0].length);
    if (close < 0) continue;
    const end = close + match[1]!.length + 3;
    out += marked.slice(last, end) + marker;
    last = end;
    after.lastIndex = end;
  }
  return out + marked.slice(last);
}

/** Turns the HTML path's page-break token into form feeds (one per break, on a line of its own). */
export function tokensToFormFeeds(markdown: string): string {
  return markdown.split(TOKEN).join("\n\f\n");
}

function weight(text: string): number {
  let total = 0;
  for (const char of text) total += /[\u3000-\u9fff\uf900-\ufaff]/.test(char) ? 2 : 1;
  return total;
}

/**
 * Fixed-size pages for a document that came as one page: consecutive paragraphs fill a page up to
 * {@link PAGE_WEIGHT}; a paragraph is never split (a very long one makes a long page). Lines that
 * already carry several pages (source breaks) are returned as they are.
 */
export function paginateLines(lines: PaperLine[], pageWeight = PAGE_WEIGHT): PaperLine[] {
  if (lines.some((line) => line.page !== 1)) return lines;
  let page = 1;
  let used = 0;
  return lines.map((line) => {
    const size = weight(line.text);
    if (line.paragraphStart && used > 0 && used + size > pageWeight) {
      page++;
      used = 0;
    }
    used += size;
    return { ...line, page };
  });
}
