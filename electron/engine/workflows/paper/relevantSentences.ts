import { contentTokens, splitSentences } from "../common/claimText.js";
import type { EvidenceChunkState } from "./state.js";

/** One evidence sentence a chat answer may be built from, with the chunk and page it is on. */
export interface EvidenceSentence {
  text: string;
  page: number;
  chunk: EvidenceChunkState;
  /** Weighted share of the question's content words this sentence holds (0..1). */
  score: number;
}

export interface RelevantSentences {
  /** The best sentences, best first (at most `limit`). */
  sentences: EvidenceSentence[];
  /** Whether the best sentence holds enough of the question: false → the answer abstains without a model call. */
  relevant: boolean;
  /** The question and the paper are in different scripts: the lexical gate cannot judge, it passes. */
  crossLingual: boolean;
  /**
   * The question names nothing the paper's words can be matched against ("What does the paper say?",
   * or only words the paper never uses): the gate cannot judge, it passes and the model reads the passages.
   */
  open: boolean;
}

/** Share of the question's weighted content words the best sentence must hold to count as evidence. */
export const RELEVANCE_MIN = 0.5;
/** A shorter sentence is a heading or a fragment (a Chinese sentence says as much in about half the characters). */
const SENTENCE_CHARS = { min: 12, minHan: 6, max: 400 } as const;

/** Question words carry no content: "how many", "what", 多少, 什么 are in every question and no answer. */
const QUESTION_WORDS = new Set(["how", "many", "much", "what", "which", "who", "whom", "whose", "why", "when", "where", "doe", "do", "did", "kind"]);
/** Nor do the verbs that frame one ("what does the paper say about…"); stemmed as contentTokens stems them. */
const FRAMING_WORDS = new Set(["sai", "tell", "describ", "mention", "explain", "discuss", "talk"]);
/** A Chinese character pair the paper never holds counts half: many straddle two words, but 玉米 or 化肥 is the question's subject. */
const HAN_ABSENT = 0.5;
const QUESTION_HAN = /[多少什么哪几如何怎吗呢么]/;
const han = (text: string) => /[\u3400-\u9fff]/.test(text);

/**
 * The relevance gate of the paper chat, in code: the evidence split into sentences, each scored by
 * the question's content words it holds, weighted by how rare each word is in the evidence (a
 * word the paper never uses weighs most: a question about a "French test set" of a paper with
 * none is not answered by its sentences on test sets). The answer is built from the best sentences
 * only, and the question abstains when even the best holds under {@link RELEVANCE_MIN} of it.
 * Across scripts, or when the question holds no word the paper uses, the gate cannot judge: it
 * passes and keeps the retrieval order.
 */
export function relevantSentences(question: string, evidence: readonly EvidenceChunkState[], limit = 6): RelevantSentences {
  const all: Array<{ text: string; chunk: EvidenceChunkState; tokens: Set<string> }> = [];
  for (const chunk of evidence) {
    for (const sentence of splitSentences(chunk.text)) {
      if (sentence.length < (han(sentence) ? SENTENCE_CHARS.minHan : SENTENCE_CHARS.min)) continue;
      const text = sentence.length > SENTENCE_CHARS.max ? sentence.slice(0, SENTENCE_CHARS.max) : sentence;
      all.push({ text, chunk, tokens: contentTokens(text) });
    }
  }
  const crossLingual = all.length > 0 && han(question) !== all.some((s) => han(s.text));
  const inOrder = (open: boolean): RelevantSentences => {
    const byScore = [...all].sort((a, b) => b.chunk.score - a.chunk.score).slice(0, limit);
    return { sentences: byScore.map((s) => ({ text: s.text, page: s.chunk.page, chunk: s.chunk, score: 0 })), relevant: all.length > 0, crossLingual, open };
  };
  if (crossLingual || all.length === 0) return inOrder(false);
  const df = new Map<string, number>();
  for (const s of all) for (const t of s.tokens) df.set(t, (df.get(t) ?? 0) + 1);
  const weights = new Map<string, number>();
  for (const token of contentTokens(question)) {
    if (QUESTION_WORDS.has(token) || FRAMING_WORDS.has(token) || (han(token) && QUESTION_HAN.test(token))) continue;
    const count = df.get(token) ?? 0;
    // A word the paper never uses weighs as its rarest word (df 1): it may be an inflection (fall/fell) the stemmer misses.
    weights.set(token, Math.log(1 + all.length / (1 + Math.max(1, count))) * (count === 0 && han(token) ? HAN_ABSENT : 1));
  }
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  if (total === 0 || [...weights.keys()].every((t) => !df.has(t))) return inOrder(true);
  const scored = all.map((s) => ({ ...s, score: [...weights].reduce((sum, [t, w]) => sum + (s.tokens.has(t) ? w : 0), 0) / total }));
  scored.sort((a, b) => b.score - a.score || b.chunk.score - a.chunk.score);
  const seen = new Set<string>();
  const sentences: EvidenceSentence[] = [];
  for (const s of scored) {
    if (s.score === 0 || sentences.length >= limit) break;
    if (seen.has(s.text)) continue;
    seen.add(s.text);
    sentences.push({ text: s.text, page: s.chunk.page, chunk: s.chunk, score: Math.round(s.score * 1000) / 1000 });
  }
  return { sentences, relevant: (sentences[0]?.score ?? 0) >= RELEVANCE_MIN, crossLingual, open: false };
}

/** The sentences as the chat prompt shows them: one a line, each with its page tag (`[P2 p.N]` with several papers). */
export function formatSentences(sentences: readonly EvidenceSentence[], docIds: readonly string[]): string {
  return sentences.map((s) => `${docIds.length > 1 ? `[P${docIds.indexOf(s.chunk.doc_id) + 1} p.${s.page}]` : `[p.${s.page}]`} ${s.text}`).join("\n");
}
