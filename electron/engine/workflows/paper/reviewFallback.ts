import { splitSentences } from "../common/claimText.js";
import type { EvidenceChunkState } from "./state.js";

/** Passages a fallback summary quotes, and how much of each. */
const PASSAGES = 3;
const QUOTE_CHARS = 200;
/** Letters a passage needs to be worth quoting (a heading such as "3 Experiments" is not). */
const SUBSTANTIVE_LETTERS = 30;

/**
 * A paper's summary when the model's could not be shown, built by code from the passages: the plain
 * reason and the opening sentences of the paper's best passages with their pages, cited as
 * `[p.N]` — each quote is the paper's own text, so the citation holds.
 */
export function reviewFallback(locale: "zh" | "en", evidence: EvidenceChunkState[]): string {
  const substantive = evidence.filter((e) => [...e.text].filter((c) => /\p{L}/u.test(c)).length >= SUBSTANTIVE_LETTERS);
  const best = [...(substantive.length ? substantive : evidence)].sort((a, b) => b.score - a.score).slice(0, PASSAGES);
  const opening = locale === "zh" ? "模型写出的概括未通过检查，不予展示；以下是论文中最相关的原文：" : "The model's summary failed the checks and is not shown; the paper's most relevant passages:";
  if (!best.length) return locale === "zh" ? "模型写出的概括未通过检查，不予展示；没有可引用的片段。" : "The model's summary failed the checks and is not shown; no passage to quote.";
  const lines = best.map((chunk) => {
    const first = splitSentences(chunk.text)[0] ?? chunk.text;
    const quote = first.length <= QUOTE_CHARS ? first : `${first.slice(0, QUOTE_CHARS - 1)}…`;
    return locale === "zh" ? `- 「${quote}」[p.${chunk.page}]` : `- “${quote}” [p.${chunk.page}]`;
  });
  return `${opening}\n${lines.join("\n")}`;
}
