/**
 * The parts of a query that must be matched as written: numbers ("83.5", "12%"), names and codes
 * ("DocBench", "K7", "GB/T", "BERT") and quoted phrases. A weak embedder's vectors blur these, and
 * BM25 may rank a long chunk that repeats common words of the query above the one short chunk that
 * has the number; these terms decide instead. Chinese words are not split here (the bigram index
 * already matches them as written).
 */
export function exactTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const match of query.matchAll(/["“「『]([^"”」』]{2,80})["”」』]/g)) terms.add(match[1]!.trim().toLowerCase());
  for (const match of query.matchAll(/\d+(?:[.,]\d+)*%?/g)) {
    const number = match[0].replace(/,(?=\d{3}\b)/g, "");
    // A lone single digit ("2 experts") is too common to decide a ranking.
    if (number.replace(/\D/g, "").length >= 2 || /[.%]/.test(number)) terms.add(number.toLowerCase());
  }
  for (const match of query.matchAll(/[A-Za-z][A-Za-z0-9]*(?:[-/][A-Za-z0-9]+)*/g)) {
    const token = match[0];
    const codeLike = /\d/.test(token) || /[a-z][A-Z]/.test(token) || /^[A-Z]{2,}s?$/.test(token) || /[-/]/.test(token) && /[A-Z]/.test(token);
    if (codeLike) terms.add(token.toLowerCase());
  }
  return [...terms];
}

/** How many of `terms` the text contains as written (case aside; a term is not found inside a longer word or number). */
export function exactTermsIn(text: string, terms: readonly string[]): number {
  const lower = text.toLowerCase();
  let found = 0;
  for (const term of terms) {
    // No "\-": a Unicode-mode pattern refuses that escape outside a class ("mime-magic" threw).
    const escaped = term.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    if (new RegExp(`(?<![\\p{L}\\p{N}.])${escaped}s?(?![\\p{L}\\p{N}]|\\.\\d)`, "u").test(lower)) found++;
  }
  return found;
}

/**
 * Hits that contain more of the query's exact terms go first, whatever their fused score; within
 * the same count the given order stays. A query without exact terms keeps its order.
 */
export function pinExactTerms<T extends { text: string }>(terms: readonly string[], hits: readonly T[]): T[] {
  if (terms.length === 0) return [...hits];
  return hits
    .map((hit, order) => ({ hit, order, found: exactTermsIn(hit.text, terms) }))
    .sort((a, b) => b.found - a.found || a.order - b.order)
    .map((entry) => entry.hit);
}
