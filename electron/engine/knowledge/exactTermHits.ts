import { exactTermsIn } from "./exactTerms.js";

/**
 * The passages that contain the query's exact terms as written, most terms first (then in the
 * given order), at most `limit`. This is the full-text side that a weak embedder cannot sink: the
 * bigram and word indexes split `user.mime_type` or `x-scheme-handler/foo` into pieces every
 * chunk shares, so the one chunk that prints the whole name may rank below the candidates'
 * cut-off; a literal match over the searched passages finds it whatever the vectors say.
 */
export function exactTermHits<T extends { text: string }>(terms: readonly string[], passages: readonly T[], limit: number): T[] {
  if (terms.length === 0 || limit <= 0) return [];
  return passages
    .map((passage, order) => ({ passage, order, found: exactTermsIn(passage.text, terms) }))
    .filter((entry) => entry.found > 0)
    .sort((a, b) => b.found - a.found || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.passage);
}
