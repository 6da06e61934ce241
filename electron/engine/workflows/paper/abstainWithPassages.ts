import { withTitle } from "./agentKit.js";
import type { EvidenceChunkState } from "./state.js";

/** How many passages an abstention lists, and how much of each. */
const PASSAGES = 3;
const PASSAGE_CHARS = 160;

/**
 * Why an answer abstains: no citation passed the gate, the model's reply kept repeating itself, or
 * (a deep read) no sentence of the model's synthesis was supported by the paper.
 */
export type AbstainReason = "no_evidence" | "unusable" | "unconfirmed";

/**
 * The opening of an honest abstention. Each holds the engine's abstention phrase (论文未提及 / not
 * stated in the paper), so it reads as one wherever abstentions are counted.
 */
export const ABSTAIN_OPENING = {
  no_evidence: { zh: "论文中没有找到直接依据（论文未提及）。", en: "The paper gives no direct evidence for this (not stated in the paper)." },
  unusable: {
    zh: "模型没有给出可用的回答（输出反复重复），论文未提及的内容无法确认。",
    en: "The model gave no usable answer (its output kept repeating itself); what is not stated in the paper cannot be confirmed.",
  },
  unconfirmed: {
    zh: "模型写出的综合没有一句能在论文中得到确认（论文未提及），因此不予展示。",
    en: "No sentence of the model's synthesis could be confirmed in the paper (not stated in the paper), so none is shown.",
  },
} as const;

/**
 * The answer when nothing the model wrote can be shown: the plain reason in the answer's language
 * and the closest passages with their pages, instead of an uncited paragraph. Pages are written as
 * words (第 N 页 / p. N), not as `[p.N]` citations: a passage listed here supports nothing. The
 * opening names the papers (`titles`).
 */
export function abstainWithPassages(locale: "zh" | "en", reason: AbstainReason, evidence: EvidenceChunkState[], docIds: string[], titles: string[] = []): string {
  const closest = [...evidence].sort((a, b) => b.score - a.score).slice(0, PASSAGES);
  const paper = (chunk: EvidenceChunkState) => (docIds.length > 1 ? `P${docIds.indexOf(chunk.doc_id) + 1} ` : "");
  const opening = (s: string) => {
    const flat = s.replace(/\s+/g, " ").trim();
    return flat.length <= PASSAGE_CHARS ? flat : `${flat.slice(0, PASSAGE_CHARS - 1)}…`;
  };
  const lines = closest.map((c) => (locale === "zh" ? `- ${paper(c)}第 ${c.page} 页：「${opening(c.text)}」` : `- ${paper(c)}p. ${c.page}: “${opening(c.text)}”`));
  // The paper is named before the passages (a passage that quotes the title does not name it).
  const head = withTitle(ABSTAIN_OPENING[reason][locale], titles, locale);
  if (!lines.length) return head;
  return `${head}${locale === "zh" ? "最接近的段落：" : " The closest passages:"}\n${lines.join("\n")}`;
}
