/** Where a quote lies across a page's text pieces: per piece, the character range it covers. */
export type QuoteSpan = { item: number; start: number; end: number };

// Soft hyphen, hyphens and dashes: a line-end hyphen splits a word on the page, not in the quote.
const DROPPED = /[\s\u00ad\u2010\u2011\u002d]/u;

/**
 * Finds `quote` in a page's text pieces (pdf.js text-layer spans, or OCR lines), tolerant of what
 * differs between extracted text and the page: whitespace and line breaks, hyphenation, letter
 * case and full-/half-width forms. Returns the covered ranges in page order, or null.
 */
export function matchQuote(items: readonly string[], quote: string): QuoteSpan[] | null {
  let page = "";
  const origin: Array<[number, number]> = [];
  items.forEach((text, item) => {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (DROPPED.test(ch)) continue;
      const folded = ch.normalize("NFKC").toLowerCase();
      for (const c of folded) {
        page += c;
        origin.push([item, i]);
      }
    }
  });
  const needle = [...quote.normalize("NFKC").toLowerCase()].filter((c) => !DROPPED.test(c)).join("");
  if (!needle) return null;
  const at = page.indexOf(needle);
  if (at < 0) return null;
  const spans: QuoteSpan[] = [];
  for (let k = at; k < at + needle.length; k++) {
    const [item, offset] = origin[k]!;
    const last = spans.at(-1);
    if (last && last.item === item) last.end = offset + 1;
    else spans.push({ item, start: offset, end: offset + 1 });
  }
  return spans;
}
