import { englishStems } from "../../../knowledge/englishStems.js";
import { relatedWords } from "../../common/wordNet.js";

const WORD = /[a-z][a-z0-9'-]*/g;

export interface ParaphraseTermsOptions {
  /** Related words kept per question word, commonest sense first; default 3. */
  perWord?: number;
  /** Related words kept in all; default 12. */
  max?: number;
  /** A question word is looked up when the paper prints it in fewer passages than this; default 1 (never). */
  lookUpBelow?: number;
}

/**
 * The paper's own words for a paraphrased English question: WordNet synonyms and derivations of
 * each question word ("errors" → "mistakes", "duplicates" → "replicas") that the passages print,
 * as printed. Only question words the paper (almost) never prints are looked up: the others find
 * their passages already, and their synonyms would only add noise. A synonym is kept only when the
 * paper has it in at most half of its passages (a word everywhere ranks nothing) and the question
 * does not have its stem. The caller searches them at a lower weight than the question's own
 * words, so a synonym can lift a passage the question's words did not reach but not outvote one
 * they did.
 */
export function paraphraseTerms(question: string, passages: readonly string[], options: ParaphraseTermsOptions = {}): string[] {
  const perWord = options.perWord ?? 3;
  const max = options.max ?? 12;
  const lookUpBelow = options.lookUpBelow ?? 1;
  const asked = englishStems(question);
  if (asked.size === 0 || passages.length === 0) return [];
  // The paper's vocabulary: each stem's passage count and the first form it is printed in.
  const df = new Map<string, number>();
  const printed = new Map<string, string>();
  for (const text of passages) {
    for (const word of new Set(text.toLowerCase().match(WORD) ?? [])) {
      const clean = word.replace(/['-]+$/, "");
      const [stem] = englishStems(clean);
      if (!stem) continue;
      if (!printed.has(stem)) printed.set(stem, clean);
    }
    for (const stem of englishStems(text)) df.set(stem, (df.get(stem) ?? 0) + 1);
  }
  const terms: string[] = [];
  const taken = new Set<string>();
  for (const word of question.toLowerCase().match(WORD) ?? []) {
    const clean = word.replace(/['-]+$/, "");
    const [own] = englishStems(clean);
    // A word the paper prints already finds its passages; only the paper's missing words are a paraphrase's.
    if (!own || clean.length < 3 || (df.get(own) ?? 0) >= lookUpBelow) continue;
    let kept = 0;
    for (const candidate of relatedWords(clean)) {
      if (kept >= perWord || terms.length >= max) break;
      const [stem] = englishStems(candidate);
      if (!stem || asked.has(stem) || taken.has(stem)) continue;
      const count = df.get(stem) ?? 0;
      if (count === 0 || count > passages.length / 2) continue;
      taken.add(stem);
      terms.push(printed.get(stem) ?? candidate);
      kept++;
    }
  }
  return terms;
}
