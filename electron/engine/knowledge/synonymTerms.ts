import { stemmer } from "stemmer";
import { englishStems } from "./englishStems.js";
import { EnglishSynonyms } from "./EnglishSynonyms.js";

export interface SynonymTermsOptions {
  /** Synonyms kept in all; default 6. */
  max?: number;
  /** Synonyms kept per question word; default 2. */
  perWord?: number;
}

/**
 * Synonyms of an English question's content words that the paper itself uses ("memory" asked,
 * "storage" written), to add to a second full-text search: only words of `collection`, in at most
 * half of its passages (a word everywhere is no topic), not already asked; per question word in
 * WordNet's sense order, then taken in turn across the question's words so that no one word's
 * synonyms fill the list. Empty for a question with no English words.
 */
export async function synonymTerms(question: string, collection: readonly string[], options: SynonymTermsOptions = {}): Promise<string[]> {
  const max = options.max ?? 6;
  const perWord = options.perWord ?? 2;
  const asked = englishStems(question);
  if (asked.size === 0 || collection.length === 0) return [];
  const df = new Map<string, number>();
  for (const text of collection) for (const stem of englishStems(text)) df.set(stem, (df.get(stem) ?? 0) + 1);
  const synonyms = await EnglishSynonyms.load();
  const perQuestionWord: string[][] = [];
  const taken = new Set<string>();
  for (const word of new Set(question.toLowerCase().match(/[a-z][a-z-]+/g) ?? [])) {
    if (englishStems(word).size === 0) continue;
    const kept: string[] = [];
    for (const synonym of await synonyms.synonyms(word)) {
      const stem = stemmer(synonym);
      const count = df.get(stem) ?? 0;
      if (asked.has(stem) || taken.has(stem) || count === 0 || count > collection.length / 2) continue;
      taken.add(stem);
      kept.push(synonym);
      if (kept.length >= perWord) break;
    }
    perQuestionWord.push(kept);
  }
  const out: string[] = [];
  for (let round = 0; out.length < max && perQuestionWord.some((list) => list.length > round); round++) {
    for (const list of perQuestionWord) if (list[round] && out.length < max) out.push(list[round]!);
  }
  return out;
}
