import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { LlmClient } from "../../llm/LlmClient.js";
import { distinct4, hanShare } from "../../llm/textQuality.js";
import { demoteHeadings } from "../common/demoteHeadings.js";
import { draftSection } from "../common/draftSection.js";
import { filterCitations } from "./research/filterCitations.js";
import { noMaterialNote, sectionPrompt } from "./prompts.js";
import type { Locale, SectionPromptInput } from "./prompts.js";

export interface WriteSectionRequest {
  locale: Locale;
  prompt: SectionPromptInput;
  /** Every approved material id: the only ids a citation may name. */
  allowedIds: readonly string[];
  /** The session's cache dir and the section's index there. */
  cacheDir: string;
  /**
   * What distinguishes this request from an identical-looking earlier one (the version being
   * revised, the round): a new revision request must never be answered from an older round's cache.
   */
  occasion: unknown;
}

/**
 * Drop a heading the model repeated at the top (the assembler adds the real one) and lift any
 * other `#` / `##` line below the section's level, so the draft's sections stay the outline's.
 */
function bodyOf(text: string): string {
  return demoteHeadings(text.replace(/^(?:\s*#{1,6}[^\n]*\n)+/, "").trim());
}

/**
 * Tokens for one call: about the section's target (Chinese ≈ 1 token a character, English a little
 * more a word), bounded. A shorter reply is continued until it reaches the target (draftSection),
 * a longer one is ended at a sentence, so the budget need not be generous: at 1.6× with a floor of
 * 256 every short zh section came out at two to three times its length.
 */
function maxTokensFor(length: number): number {
  return Math.min(1500, Math.max(64, Math.round(length * 1.2)));
}

/**
 * Write (or reuse from the section cache) one article section: code checks the citations (unknown
 * ids removed) and adds the no-material sentence when the section had nothing to cite.
 */
export async function writeSection(llm: LlmClient, request: WriteSectionRequest, config: LangGraphRunnableConfig): Promise<string> {
  const { locale, prompt } = request;
  return draftSection(
    llm,
    {
      index: prompt.index,
      cacheDir: request.cacheDir,
      keyInputs: { v: 1, locale, prompt, allowed: [...request.allowedIds].sort(), occasion: request.occasion },
      prompt: sectionPrompt(locale, prompt),
      maxTokens: maxTokensFor(prompt.length),
      targetWords: prompt.length,
      check: (text) => sectionProblem(text, locale),
      tag: { role: "writer", step: "section" },
      finish: (raw) => {
        let text = filterCitations(bodyOf(raw), request.allowedIds);
        if (!prompt.materials.length) {
          const note = noMaterialNote(locale);
          if (!text.includes(note)) text = text ? `${text}\n\n${note}` : note;
        }
        return text;
      },
    },
    config,
  );
}

/**
 * What is wrong with a written section, or null: a Chinese article's section in another language
 * (under half its letters Han), or prose that repeats itself (distinct 4-grams under 0.6, from 40
 * characters on; prose measures ~0.9). A weak model drifts into English and loops; code checks it.
 */
export function sectionProblem(text: string, locale: Locale): string | null {
  const body = text.replace(/\[m\d{3}\]/g, "");
  if (locale === "zh" && hanShare(body) < 0.5) return locale === "zh" ? "不是中文" : "not Chinese";
  if ([...body.trim()].length >= 40 && distinct4(body) < 0.6) return locale === "zh" ? "内容重复" : "repetitive";
  return null;
}
