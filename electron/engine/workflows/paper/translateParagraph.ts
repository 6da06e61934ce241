import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { anchorsOf } from "../common/claimText.js";
import { guardedText } from "../common/guardedText.js";
import { estimateTokens } from "../../llm/estimateTokens.js";
import type { LlmClient } from "../../llm/LlmClient.js";
import { translateSystem } from "./prompts.js";
import { translationFault, type TranslationFaultReason } from "./translationFault.js";

/**
 * Target tokens per source token, by target language, and a few tokens of slack: a translation is
 * about as long as its source, so a reply that runs past this is no translation (a looping model
 * otherwise writes to a character-based cap: minutes on a small CPU).
 */
const TOKENS_PER_SOURCE_TOKEN = { zh: 1.3, en: 1.5 } as const;
const SLACK_TOKENS = 16;
/** The most one paragraph's translation may take, however long the paragraph. */
const MAX_TOKENS = 600;

/** One paragraph as it is shown. */
export interface TranslatedParagraph {
  source: string;
  /** The checked translation; "" when the paragraph is kept in the original (`kept_source`). */
  target: string;
  /** The source's numbers, formulas and citation markers the last attempt lost. */
  missing: string[];
  /** `translated` (first attempt passed), `retried` (the retry passed), `kept_source` (both failed: the original is shown, marked). */
  status: "translated" | "retried" | "kept_source";
  /** Why an attempt failed: the first's, and the retry's when it failed too. */
  faults: TranslationFaultReason[];
  /** Model calls made for it (1 or 2). */
  calls: number;
}

/**
 * What must survive translation: numbers written as digits, citation markers like [3] or (1), and
 * formulas. Numbers said in words ("two of eight experts", "the dense one") are left out: the
 * translation says them in its own words.
 */
export function preserved(text: string): string[] {
  const markers = text.match(/\[\d+(?:[,–-]\s*\d+)*\]|\(\d{1,3}\)|[A-Za-z]\s*=\s*[^,;。，]{1,40}/g) ?? [];
  const numbers = markers.reduce((rest, m) => rest.replace(m, " "), text).match(/(?<![\w.])\d+(?:\.\d+)?(?![\w])/g) ?? [];
  return [...new Set([...numbers, ...markers.map((m) => m.trim())])];
}

/** What of `expected` the translation lost: a number may also come back as a Chinese numeral before its measure word (8 → 八个). */
export function lostItems(expected: readonly string[], translation: string): string[] {
  const flat = translation.replace(/\s+/g, "");
  const numbers = new Set(anchorsOf(translation).numbers);
  return expected.filter((item) => !flat.includes(item.replace(/\s+/g, "")) && !numbers.has(String(Number(item))));
}

/** The token budget of a paragraph's translation: from the source's tokens in the model's tokenizer (an estimate where it has none). */
export async function translationBudget(llm: LlmClient, source: string, target: "zh" | "en"): Promise<number> {
  const tokens = await llm.countTokens(source).catch(() => estimateTokens(source));
  return Math.min(MAX_TOKENS, Math.ceil(tokens * TOKENS_PER_SOURCE_TOKEN[target]) + SLACK_TOKENS);
}

/** Share of the reply's words found in the source at or above which the reply is the source copied. */
const COPY_SHARE = 0.8;

/** True when most of the reply's words are the source's own: the model copied (or went on with) the paragraph instead of translating it. */
export function copiesSource(reply: string, source: string): boolean {
  const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const own = words(reply);
  const given = new Set(words(source));
  return own.length > 0 && own.filter((w) => given.has(w)).length / own.length >= COPY_SHARE;
}

/** The reply up to its first blank line: one paragraph in, one paragraph out (a base model goes on writing). */
function firstParagraph(text: string): string {
  return text.trim().split(/\n\s*\n/)[0]!.trim();
}

/**
 * One paragraph translated and checked before anyone sees it: a reply that loops, is in the wrong
 * language, restates the instructions, has an implausible length or lost a number is retried once
 * (not one that only copied the source: the retry would copy it again)
 * (with the DRY sampler and a lower temperature); when the retry fails too the paragraph is kept in
 * the original. Nothing is streamed here: the caller shows the paragraph once this returns.
 */
export async function translateParagraph(llm: LlmClient, config: LangGraphRunnableConfig, source: string, target: "zh" | "en"): Promise<TranslatedParagraph> {
  const system = translateSystem(target);
  const maxTokens = await translationBudget(llm, source, target);
  const expected = preserved(source);
  const faults: TranslationFaultReason[] = [];
  let missing: string[] = [];
  for (const retry of [false, true]) {
    const reply = await guardedText(
      llm,
      config,
      { system, prompt: source, maxTokens, temperature: retry ? 0.1 : 0.2, maxContinuations: 0, ...(retry ? { avoidRepeats: true } : {}), tag: { role: "paper", step: "translate" } },
      () => null,
      { retryLoop: false, doneWhen: (text) => /\S\s*\n\s*\n/.test(text) },
    );
    const text = firstParagraph(reply.text);
    missing = lostItems(expected, text);
    const fault = reply.usable ? translationFault({ source, translation: text, target, system, missing }) : "loop";
    if (!fault) return { source, target: text, missing, status: retry ? "retried" : "translated", faults, calls: faults.length + 1 };
    faults.push(fault);
    // A reply that copied the source is what the same prompt gives again at a lower temperature (the
    // DRY sampler only penalises repeats within the reply): a retry would cost a call for nothing.
    if (fault === "language" && copiesSource(text, source)) break;
  }
  return { source, target: "", missing, status: "kept_source", faults, calls: faults.length };
}
