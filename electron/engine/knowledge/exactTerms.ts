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
  // A number inside an identifier (v1.2, ISO-8859-1) is part of that identifier's term below.
  for (const match of query.matchAll(/(?<![A-Za-z_\d]|[A-Za-z_][-./]|\d[.,])\d+(?:[.,]\d+)*%?/g)) {
    const number = match[0].replace(/,(?=\d{3}\b)/g, "");
    // A lone single digit ("2 experts") is too common to decide a ranking.
    if (number.replace(/\D/g, "").length >= 2 || /[.%]/.test(number)) terms.add(number.toLowerCase());
  }
  // Identifiers as a technical text prints them: dotted, slashed, underscored, hyphenated or
  // colon-joined names (user.mime_type, x-scheme-handler/foo, __NOMAGIC__, std::vector), kept whole.
  for (const match of query.matchAll(/_*[A-Za-z0-9]+(?:(?:::|[._/:@#-])[A-Za-z0-9]+)*_*/g)) {
    const token = match[0];
    if (/^[\d.,]+$/.test(token) || !/[A-Za-z]/.test(token)) continue;
    if (!codeLike(token)) continue;
    terms.add(token.toLowerCase());
    // The name without its underscores too: a text may print __NOMAGIC__ or NOMAGIC.
    const core = token.replace(/^_+|_+$/g, "");
    if (core !== token) terms.add(core.toLowerCase());
  }
  return [...terms];
}

/** Function words a slash joins in prose ("and/or"): not an identifier. */
const PROSE_PAIR = /^(?:and|or|he|she|his|her|him|s)\/(?:and|or|he|she|his|her|him|they|them|it)$/i;

/**
 * Whether a word is a name or code rather than an ordinary word: it has a digit (K7, utf8), inner
 * capitals (DocBench, XMLnamespaces), is an acronym (BERT, GB/T), has underscores or joins words with
 * dots, slashes, colons or @/# (user.mime_type, text/plain), or is hyphenated with a capital or in
 * three parts or more (Belin-Rubin, x-scheme-handler). Abbreviations of single letters (e.g, U.S)
 * and two-part lowercase compounds (well-known) are prose.
 */
function codeLike(token: string): boolean {
  const core = token.replace(/^_+|_+$/g, "");
  const parts = core.split(/::|[._/:@#-]/);
  if (parts.every((part) => part.length <= 1)) return false;
  if (PROSE_PAIR.test(core)) return false;
  if (/\d/.test(core)) return true;
  if (/[a-z][A-Z]/.test(core) || /[A-Z]{2}[a-z]/.test(core) || /^[A-Z]{2,}s?$/.test(core)) return true;
  if (core !== token || /[_.:@#]/.test(core) || core.includes("/")) return true;
  return core.includes("-") && (/[A-Z]/.test(core) || (parts.length >= 3 && !parts.some((part) => FUNCTION_WORD.test(part))));
}

/** A hyphenated phrase with one of these (state-of-the-art, end-to-end) is prose, not a name. */
const FUNCTION_WORD = /^(?:of|the|to|in|on|and|or|a|an|by|for|at|as)$/i;

/** How many of `terms` the text contains as written (case aside; a term is not found inside a longer word or number). */
export function exactTermsIn(text: string, terms: readonly string[]): number {
  // A name a PDF broke at a line end after its hyphen, slash or underscore ("x-scheme-\nhandler") is one again.
  const lower = text.toLowerCase().replace(/([-/_])\s*\n\s*(?=[\p{L}\p{N}])/gu, "$1");
  let found = 0;
  for (const term of terms) {
    // No "\-": a Unicode-mode pattern refuses that escape outside a class ("mime-magic" threw).
    const escaped = term.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    // A joined name (user.mime_type) is not found inside a longer one (user.mime_type_old); a plain
    // name may still be the head of a compound (BERT in BERT-base).
    const joined = /[._/:-]/.test(term) && /[\p{L}]/u.test(term);
    const before = joined ? "(?<![\\p{L}\\p{N}.]|[\\p{L}\\p{N}][_/:-])" : "(?<![\\p{L}\\p{N}.])";
    const after = joined ? "(?![\\p{L}\\p{N}]|[._/:-][\\p{L}\\p{N}])" : "(?![\\p{L}\\p{N}]|\\.\\d)";
    if (new RegExp(`${before}${escaped}s?${after}`, "u").test(lower)) found++;
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
