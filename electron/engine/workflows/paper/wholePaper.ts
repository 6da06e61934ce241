import type { LlmClient } from "../../llm/LlmClient.js";
import type { PaperChunk } from "./library/PaperRepository.js";
import type { EvidenceChunkState } from "./state.js";

/**
 * Whole-paper mode: when the session's papers fit the loaded model's context — counted in the
 * model's own tokens, with room left for the system prompt, the question and the answer — the
 * agents read every page in order, each opened by its `[p.N]` marker, instead of top-k passages.
 * References stay out (they are looked up, not read). Otherwise retrieval as before.
 */

/** Tokens kept free for the answer: the largest agent reply (extract, 1200) plus a margin. */
export const ANSWER_RESERVE_TOKENS = 1400;
/** Tokens kept free for a prompt's fixed parts (system prompt, instructions, chat template). */
export const PROMPT_RESERVE_TOKENS = 600;

export type ContextMode = "whole_paper" | "retrieval";

export interface WholePaper {
  text: string;
  evidence: EvidenceChunkState[];
  tokens: number;
  budget: number;
}

/** The papers as page-ordered text with page markers; `null` when they would not fit (with the figures). */
export async function wholePaperContext(
  llm: LlmClient,
  papers: Array<{ docId: string; chunks: PaperChunk[] }>,
  asked: string,
  reserve: { answer: number; prompt: number } = { answer: ANSWER_RESERVE_TOKENS, prompt: PROMPT_RESERVE_TOKENS },
): Promise<{ fits: true; paper: WholePaper } | { fits: false; tokens: number; budget: number }> {
  const many = papers.length > 1;
  const evidence: EvidenceChunkState[] = [];
  const parts: string[] = [];
  papers.forEach(({ docId, chunks }, index) => {
    let page = -1;
    for (const chunk of chunks) {
      if (chunk.kind === "reference") continue;
      if (chunk.page !== page) {
        page = chunk.page;
        parts.push(many ? `[P${index + 1} p.${page}]` : `[p.${page}]`);
      }
      parts.push(chunk.text);
      evidence.push({ chunk_id: chunk.id, doc_id: docId, page: chunk.page, score: 1, text: chunk.text, section: chunk.section });
    }
  });
  const text = parts.join("\n\n");
  const [tokens, context, question] = await Promise.all([llm.countTokens(text), llm.contextTokens(), llm.countTokens(asked)]);
  const budget = context - reserve.answer - reserve.prompt - question;
  if (evidence.length === 0 || tokens > budget) return { fits: false, tokens, budget };
  return { fits: true, paper: { text, evidence, tokens, budget } };
}
