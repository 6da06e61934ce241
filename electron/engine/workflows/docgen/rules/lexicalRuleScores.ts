import type { Rule } from "./Rule.js";

/** Bigram sets of rule texts seen lately: a docgen review scores the same guide chunks for every module. */
const ruleBigrams = new Map<string, Set<string>>();
const RULE_BIGRAMS_MAX = 4096;

/** Distinct character bigrams of letters, digits and CJK; whitespace and punctuation are dropped. */
function bigrams(text: string): Set<string> {
  const chars = text.toLowerCase().match(/[\p{L}\p{N}]/gu) ?? [];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  return out;
}

/**
 * Offline fallback for rule retrieval: cosine similarity of character-bigram sets between the query and
 * each rule's title and body. Bigrams work for Chinese without a tokenizer. Scores are in 0..1.
 */
export function lexicalRuleScores(query: string, rules: Rule[]): Array<{ ruleId: string; score: number }> {
  const q = bigrams(query);
  if (q.size === 0) return [];
  return rules
    .map((r) => {
      const b = cachedBigrams(`${r.title}\n${r.body}`);
      let shared = 0;
      for (const g of b) if (q.has(g)) shared++;
      return { ruleId: r.id, score: b.size ? shared / Math.sqrt(q.size * b.size) : 0 };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
}

function cachedBigrams(text: string): Set<string> {
  let set = ruleBigrams.get(text);
  if (!set) {
    if (ruleBigrams.size >= RULE_BIGRAMS_MAX) ruleBigrams.clear();
    set = bigrams(text);
    ruleBigrams.set(text, set);
  }
  return set;
}
