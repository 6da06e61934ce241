import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { Evidence, PaperAnswer, PaperIntent } from "../../../../shared/workflows/paper.js";
import type { LlmClient } from "../../llm/LlmClient.js";
import { guardedText } from "../common/guardedText.js";
export { tryStructured } from "../common/tryStructured.js";
import type { EvidenceChunkState, PaperState } from "./state.js";

/** The agents that read the whole paper when it fits the model's context. */
export const WHOLE_PAPER_INTENTS: ReadonlySet<PaperIntent> = new Set(["chat", "critical", "extract", "translate"]);

/** Allowed abstentions: an answer that says so needs no citation. */
export const ABSTAIN = { zh: "论文未提及", en: "not stated in the paper" } as const;

export function isAbstention(text: string): boolean {
  return text.includes(ABSTAIN.zh) || text.toLowerCase().includes(ABSTAIN.en) || /原文未(提及|找到)|论文中没有找到直接依据/.test(text);
}

/**
 * The passages an agent reads, each with its page tag (`[p.N]`, or `[P2 p.N]` with several
 * papers) so the model can cite it; at most `maxChars` in all.
 */
export function formatEvidence(evidence: EvidenceChunkState[], docIds: string[], maxChars = 3500): string {
  const parts: string[] = [];
  let used = 0;
  for (const chunk of evidence) {
    const tag = docIds.length > 1 ? `[P${docIds.indexOf(chunk.doc_id) + 1} p.${chunk.page}]` : `[p.${chunk.page}]`;
    const text = chunk.text.slice(0, 700);
    if (used + text.length > maxChars && parts.length > 0) break;
    parts.push(`${tag} ${text}`);
    used += text.length;
  }
  return parts.join("\n\n");
}

/** The right-paper guard: an answer that does not name the paper's parsed title gets it in front. */
export function withTitle(text: string, titles: string[], locale: "zh" | "en"): string {
  const named = titles.filter((title) => title && text.toLowerCase().includes(title.toLowerCase()));
  if (titles.length === 0 || named.length > 0) return text;
  const list = locale === "zh" ? titles.map((t) => `《${t}》`).join("、") : titles.map((t) => `“${t}”`).join(", ");
  return locale === "zh" ? `关于${list}：\n\n${text}` : `On ${list}:\n\n${text}`;
}

export function evidenceOut(evidence: EvidenceChunkState[], docIds: string[]): Evidence[] {
  return evidence.map((c) => ({
    page: c.page,
    chunk_id: c.chunk_id,
    score: Math.round(c.score * 1000) / 1000,
    text: c.text,
    ...(docIds.length > 1 ? { doc_id: c.doc_id } : {}),
    ...(c.found_by ? { found_by: c.found_by } : {}),
  }));
}

/**
 * An agent's streamed answer with the paper agents' defaults, through the loop guard
 * (common/guardedText): the trimmed text, its chunks, whether the first reply looped and whether
 * the text is usable at all (a retry that looped too is not: the caller abstains).
 */
export async function streamText(
  llm: LlmClient,
  config: LangGraphRunnableConfig,
  step: string,
  options: { system: string; prompt: string; maxTokens?: number; temperature?: number; maxContinuations?: number; streamTokens?: boolean },
): Promise<{ text: string; chunks: string[]; looped: boolean; usable: boolean }> {
  // streamTokens false: the reply is not streamed as it is written (its caller shows it once checked).
  const toEvent = options.streamTokens === false ? () => null : undefined;
  const { text, chunks, looped, usable } = await guardedText(llm, config, {
    system: options.system,
    prompt: options.prompt,
    maxTokens: options.maxTokens ?? 600,
    temperature: options.temperature ?? 0.3,
    maxContinuations: options.maxContinuations ?? 1,
    tag: { role: "paper", step },
  }, toEvent);
  return { text: text.trim(), chunks, looped, usable };
}

/** Characters one answer may hold: the length budget a chat answer's maxTokens is derived from. */
export const ANSWER_BUDGET_CHARS = { zh: 400, en: 1000 } as const;

/** Tokens for `chars` characters of an answer (estimateTokens's conservative rates: 1.2 a Han character, 1 per 3 others). */
export function tokensForChars(locale: "zh" | "en", chars: number): number {
  return locale === "zh" ? Math.ceil(chars * 1.2) : Math.ceil(chars / 3);
}

/** `text` cut to `chars` at the last sentence end before it (or at `chars` when it has none). */
export function withinBudget(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const head = text.slice(0, chars);
  const end = Math.max(...[...head.matchAll(/[。！？!?]|\.(?=\s)|\n/g)].map((m) => m.index! + 1), 0);
  return (end > chars / 3 ? head.slice(0, end) : head).trim();
}

/** The answer record every agent returns, with the title guard applied. */
export function answerOf(state: PaperState, intent: PaperIntent, fields: Partial<PaperAnswer> & { answer: string }): PaperAnswer {
  const { titles, doc_ids, locale } = state.paper_metadata;
  return {
    intent,
    citations: [],
    follow_ups: [],
    titles,
    evidence: evidenceOut(state.evidence, doc_ids),
    // Only these agents read paper_text as loaded; deep read, reviews and recommendations retrieve their own.
    context_mode: WHOLE_PAPER_INTENTS.has(intent) ? state.context_mode : "retrieval",
    ...fields,
    answer: withTitle(fields.answer, titles, locale),
  };
}

/** A few earlier turns, for follow-up questions ("and the second one?"). */
export function historyText(state: PaperState, turns = 2): string {
  const recent = state.conversation_history.slice(-turns * 2);
  return recent.map((entry) => `${entry.role === "user" ? "Q" : "A"}: ${entry.text.slice(0, 300)}`).join("\n");
}

/** The answer text when a blocking agent's model output was unusable. */
export function failedText(locale: "zh" | "en", error: string): string {
  return locale === "zh" ? `模型未能给出有效的结构化结果（${error}），请换用更强的模型或重试。` : `The model gave no usable structured result (${error}); try a stronger model or ask again.`;
}
