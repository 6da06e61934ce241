import type { DocViolation } from "../../../../shared/workflows/docgen.js";

/** Characters of processed source kept in state, and shown to one prompt. */
export const CONTEXT_CHARS = 20_000;
export const PROMPT_CONTEXT_CHARS = 6_000;

/** The severe-warning prefix of a violation raised last round and still present. */
export const REPEAT_PREFIX = "【⚠️ 严重警告：在上一轮修改中已被提出但至今未纠正】";
/** The breaker's mark in review_comments. */
export const BREAKER_PREFIX = "【熔断放行】";

/** Plain text as the outline and sections read it: unified newlines, no trailing blanks, at most one empty line in a row. */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t\u3000]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .slice(0, CONTEXT_CHARS);
}

/** A prompt-sized view of the context: its head, with a note of what was cut. */
export function clipForPrompt(text: string, max = PROMPT_CONTEXT_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n…（其余 ${text.length - max} 字未显示）`;
}

/** `【2.1】第 3 行：…（“excerpt”）`, with the repeat prefix when it was raised last round too. */
export function formatComment(v: DocViolation): string {
  const body = `【${v.rule_id}】第 ${v.line} 行：${v.comment}${v.excerpt ? `（“${v.excerpt}”）` : ""}`;
  return v.repeated ? `${REPEAT_PREFIX}${body}` : body;
}

/** What identifies "the same violation" across rounds: the rule and the text of its line (line numbers shift). */
export function violationKey(v: { rule_id: string; line: number }, draftLines: readonly string[]): string {
  return `${v.rule_id}|${(draftLines[v.line - 1] ?? "").replace(/\s+/g, " ").trim()}`;
}

/** The failed-section placeholder the brief names. */
export function failedSectionText(index: number, reason: string): string {
  return `【章节 ${index + 1} 生成失败: ${reason.replace(/\s+/g, " ").slice(0, 200)}】`;
}
