import { anchorsOf, contentTokens, hasName, normalize, numbersOf, splitSentences } from "../common/claimText.js";
import { answerType, fitsAnswerType } from "./answerType.js";
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
const QUESTION_WORDS = new Set(["how", "many", "mani", "much", "what", "which", "who", "whom", "whose", "why", "when", "where", "doe", "do", "did", "kind"]);
/** "How large", "how long": the adjective asks for a quantity, it is not what the answer talks about. */
const HOW_ADJECTIVE = /\bhow (many|much|long|large|big|often|far|fast|old|high|deep|small|heavy)\b/gi;
/** Nor do the verbs that frame one ("what does the paper say about…"); stemmed as contentTokens stems them. */
const FRAMING_WORDS = new Set(["sai", "tell", "describ", "mention", "explain", "discuss", "talk"]);
/** A Chinese character pair the paper never holds counts half: many straddle two words, but 玉米 or 化肥 is the question's subject. */
const HAN_ABSENT = 0.5;
const QUESTION_HAN = /[多少什么哪几如何怎吗呢么]/;
const han = (text: string) => /[\u3400-\u9fff]/.test(text);

/** What the caller may add to the question. */
export interface RelevantOptions {
  /** The best sentences kept (default 6). */
  limit?: number;
  /**
   * Words for the question in the paper's language (a glossary's or a checked translation's): a
   * question in another script than the paper is scored by them, and by its own Latin names.
   */
  extraTerms?: readonly string[];
}

type Candidate = { text: string; chunk: EvidenceChunkState; tokens: Set<string>; fits: boolean };

/**
 * The relevance gate of the paper chat, in code: the evidence split into sentences, each scored by
 * the question's content words it holds, weighted by how rare each word is in the evidence (a
 * word the paper never uses weighs most: a question about a "French test set" of a paper with
 * none is not answered by its sentences on test sets). Only a sentence of the kind the question
 * asks for may answer it (answerType: a number for "how many", a funding sentence for "who
 * funded"), and it must hold one of the question's rarest words the paper uses. The answer is
 * built from the best sentences only, and the question abstains when even the best holds under
 * {@link RELEVANCE_MIN} of it, or when a name or number of the question is nowhere in the paper.
 * Across scripts the question is scored by the terms that bridge them (its Latin names, the
 * caller's `extraTerms`); with none, or when the question holds no word the paper uses, the gate
 * cannot judge: it passes and keeps the retrieval order.
 */
export function relevantSentences(question: string, evidence: readonly EvidenceChunkState[], options: RelevantOptions = {}): RelevantSentences {
  const limit = options.limit ?? 6;
  const type = answerType(question);
  const all: Candidate[] = [];
  for (const chunk of evidence) {
    for (const sentence of splitSentences(chunk.text)) {
      if (sentence.length < (han(sentence) ? SENTENCE_CHARS.minHan : SENTENCE_CHARS.min)) continue;
      const text = sentence.length > SENTENCE_CHARS.max ? sentence.slice(0, SENTENCE_CHARS.max) : sentence;
      all.push({ text, chunk, tokens: contentTokens(text), fits: fitsAnswerType(type, text) });
    }
  }
  const paperHan = all.some((s) => han(s.text));
  const crossLingual = all.length > 0 && han(question) !== paperHan;
  const inOrder = (open: boolean, relevant = all.length > 0): RelevantSentences => {
    const byScore = [...all].sort((a, b) => b.chunk.score - a.chunk.score).slice(0, limit);
    return { sentences: byScore.map((s) => ({ text: s.text, page: s.chunk.page, chunk: s.chunk, score: 0 })), relevant, crossLingual, open };
  };
  if (all.length === 0) return inOrder(false);
  // A name or number the question gives and the paper never does: the paper cannot answer it.
  const anchors = anchorsOf(question);
  const paper = normalize(all.map((s) => s.text).join("\n"));
  const paperNumbers = new Set(numbersOf(paper));
  // Only the digits the question writes: "两个深度" or "one of" name no number the paper must hold.
  const digits = (question.normalize("NFKC").match(/(?<![\w.])\d+(?:\.\d+)?(?![\w])/g) ?? []).map((n) => String(Number(n)));
  if (anchors.names.some((name) => !hasName(paper, name)) || digits.some((n) => !paperNumbers.has(n))) return inOrder(false, false);
  // Across scripts only the bridging terms can be matched; none → the gate cannot judge.
  const bridge = [...(options.extraTerms ?? []), ...(crossLingual ? anchors.names : [])].filter((term) => han(term) === paperHan);
  if (crossLingual && bridge.length === 0) return inOrder(false);
  const asked = crossLingual ? bridge.join(" ") : [question, ...bridge].join(" ");
  const df = new Map<string, number>();
  for (const s of all) for (const t of s.tokens) df.set(t, (df.get(t) ?? 0) + 1);
  const weights = new Map<string, number>();
  for (const token of contentTokens(asked.replace(HOW_ADJECTIVE, " "))) {
    if (QUESTION_WORDS.has(token) || FRAMING_WORDS.has(token) || (han(token) && QUESTION_HAN.test(token))) continue;
    const count = df.get(token) ?? 0;
    // A word the paper never uses weighs as its rarest word (df 1): it may be an inflection (fall/fell) the stemmer misses.
    weights.set(token, Math.log(1 + all.length / (1 + Math.max(1, count))) * (count === 0 && han(token) ? HAN_ABSENT : 1));
  }
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  const kinds = all.filter((s) => s.fits);
  // A question asking for a kind of sentence the paper has none of (who funded it, and no funding sentence) abstains.
  if ((type.number || type.needs) && kinds.length === 0) return inOrder(false, false);
  if (total === 0 || [...weights.keys()].every((t) => !df.has(t))) return inOrder(true);
  // The question's words for the kind of answer ("面积", "depth") are held by a sentence of that kind (公顷, 20 cm).
  const focus = new Set([...contentTokens(type.focus.join(" "))].filter((t) => weights.has(t)));
  const rarest = Math.min(...[...weights.keys()].map((t) => df.get(t) ?? Infinity));
  // The rarest words (within a factor of two: a Chinese pair straddling two words may be rarer than either word).
  const rare = new Set([...weights.keys()].filter((t) => (df.get(t) ?? Infinity) <= 2 * rarest));
  // A rare name the question gives (ShuoHua, the p of p 值) must be in the answering sentence too; the paper's own name need not.
  const normals = new Map(all.map((s) => [s, normalize(s.text)]));
  const names = (crossLingual ? [] : anchors.names).filter((name) => all.filter((s) => hasName(normals.get(s)!, name)).length <= 2 * rarest);
  const scored = all.map((s, i) => {
    const holds = (t: string) => s.tokens.has(t) || (s.fits && focus.has(t));
    const score = [...weights].reduce((sum, [t, w]) => sum + (holds(t) ? w : 0), 0) / total;
    const named = names.length === 0 || names.some((name) => hasName(normals.get(all[i]!)!, name));
    return { ...s, score, answers: s.fits && named && [...rare].some(holds) };
  });
  scored.sort((a, b) => Number(b.answers) - Number(a.answers) || b.score - a.score || b.chunk.score - a.chunk.score);
  const seen = new Set<string>();
  const sentences: EvidenceSentence[] = [];
  for (const s of scored) {
    if (s.score === 0 || sentences.length >= limit) break;
    if (seen.has(s.text)) continue;
    seen.add(s.text);
    sentences.push({ text: s.text, page: s.chunk.page, chunk: s.chunk, score: Math.round(s.score * 1000) / 1000 });
  }
  const best = scored[0];
  return { sentences, relevant: Boolean(best?.answers) && (best?.score ?? 0) >= RELEVANCE_MIN, crossLingual, open: false };
}

/** The sentences as the chat prompt shows them: one a line, each with its page tag (`[P2 p.N]` with several papers). */
export function formatSentences(sentences: readonly EvidenceSentence[], docIds: readonly string[]): string {
  return sentences.map((s) => `${docIds.length > 1 ? `[P${docIds.indexOf(s.chunk.doc_id) + 1} p.${s.page}]` : `[p.${s.page}]`} ${s.text}`).join("\n");
}
