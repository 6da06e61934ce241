import type { ClaimVerdict } from "../common/checkClaims.js";
import { abstainWithPassages } from "./abstainWithPassages.js";
import type { EvidenceChunkState } from "./state.js";

/** Letters a passage needs to be worth listing in an abstention (a section heading such as "3 Experiments" is not). */
const SUBSTANTIVE_LETTERS = 30;

/** A checked synthesis sentence: the claim checker's id and the sentence as the synthesis wrote it. */
export interface CheckedSentence {
  id: string;
  sentence: string;
}

export interface DeepReadAnswer {
  /** The answer shown: the supported sentences, or the abstention with the paper's closest passages. */
  text: string;
  /** Sentences left out: unsupported after the last rewrite. */
  dropped: string[];
  /** True when no sentence was supported and the answer is the abstention. */
  abstained: boolean;
}

/**
 * The deep read's answer once the hallucination check has its last word: only the synthesis
 * sentences the claim checker found supported, in their order — cite or abstain, as a question's
 * answer is. A weak model's synthesis can be wholly its prompt restated or invented; showing those
 * sentences with a "not found" mark still shows them, so they are left out (the claims list keeps
 * them, labelled). When none is supported, the answer says so in its language and lists the paper's
 * closest substantive passages with their pages.
 */
export function deepReadAnswer(input: {
  sentences: readonly CheckedSentence[];
  verdicts: readonly ClaimVerdict[];
  evidence: EvidenceChunkState[];
  docIds: string[];
  titles: string[];
  locale: "zh" | "en";
}): DeepReadAnswer {
  const supported = new Set(input.verdicts.filter((v) => v.label === "supported").map((v) => v.id));
  const kept = input.sentences.filter((s) => supported.has(s.id)).map((s) => s.sentence);
  const dropped = input.sentences.filter((s) => !supported.has(s.id)).map((s) => s.sentence);
  if (kept.length > 0) return { text: kept.join(input.locale === "zh" ? "" : " "), dropped, abstained: false };
  const substantive = input.evidence.filter((e) => [...e.text].filter((c) => /\p{L}/u.test(c)).length >= SUBSTANTIVE_LETTERS);
  const passages = substantive.length > 0 ? substantive : input.evidence;
  return { text: abstainWithPassages(input.locale, "unconfirmed", passages, input.docIds, input.titles), dropped, abstained: true };
}
