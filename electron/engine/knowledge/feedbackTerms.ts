import { englishStems } from "./englishStems.js";

const WORD = /[a-z][a-z0-9'-]*/g;

/**
 * Pseudo-relevance feedback: English words that the top passages of a first search share and the
 * rest of the collection rarely has, to add to a paraphrased question ("memory" asked, "storage"
 * written). A word counts only when at least `minShared` of the top passages have it, and the
 * words are ranked by that count times their rarity (idf over `collection`), so one passage's
 * vocabulary cannot steer the second search. Words of the question itself are left out.
 */
export function feedbackTerms(
  question: string,
  top: readonly string[],
  collection: readonly string[],
  options: { max?: number; minShared?: number } = {},
): string[] {
  const max = options.max ?? 4;
  const minShared = options.minShared ?? 2;
  if (top.length < minShared || collection.length === 0) return [];
  const asked = englishStems(question);
  const df = new Map<string, number>();
  for (const text of collection) for (const stem of englishStems(text)) df.set(stem, (df.get(stem) ?? 0) + 1);
  const shared = new Map<string, { count: number; word: string }>();
  for (const text of top) {
    const seen = new Set<string>();
    for (const word of text.toLowerCase().match(WORD) ?? []) {
      const clean = word.replace(/['-]+$/, "");
      if (clean.length < 4) continue;
      const [stem] = englishStems(clean);
      if (!stem || asked.has(stem) || seen.has(stem)) continue;
      seen.add(stem);
      const entry = shared.get(stem) ?? { count: 0, word: clean };
      entry.count++;
      shared.set(stem, entry);
    }
  }
  const n = collection.length;
  return [...shared]
    // A word in half the collection or more is no topic: it would pull every passage alike.
    .filter(([stem, { count }]) => count >= minShared && (df.get(stem) ?? 0) <= n / 2)
    .map(([stem, { count, word }]) => ({ word, score: count * Math.log((n + 1) / ((df.get(stem) ?? 0) + 0.5)) }))
    .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
    .slice(0, max)
    .map(({ word }) => word);
}
