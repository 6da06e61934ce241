import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { LlmClient } from "../../llm/LlmClient.js";
import { distinct4, hanShare } from "../../llm/textQuality.js";
import { demoteHeadings } from "../common/demoteHeadings.js";
import { draftSection } from "../common/draftSection.js";
import { filterCitations } from "./research/filterCitations.js";
import { noMaterialNote, sectionInstructionFragments, sectionPrompt } from "./prompts.js";
import type { Locale, SectionPromptInput } from "./prompts.js";
import type { Material } from "../../../../shared/knowledge.js";
import { fixMarkdown } from "../../../../shared/rules/fixMarkdown.js";
import { echoKey } from "../common/echoGuard.js";
import { materialSection } from "./materialSentences.js";

export interface WriteSectionRequest {
  locale: Locale;
  prompt: SectionPromptInput;
  /** The materials this section may cite, in full: a text that fails its check twice is replaced by their own sentences. */
  sources?: ReadonlyArray<Pick<Material, "id" | "content">>;
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
      keyInputs: { v: 2, locale, prompt, allowed: [...request.allowedIds].sort(), occasion: request.occasion },
      prompt: sectionPrompt(locale, prompt),
      maxTokens: maxTokensFor(prompt.length),
      targetWords: prompt.length,
      check: (text) => sectionProblem(text, locale, { cites: prompt.materials.length > 0 }),
      fallback: () => materialSection(request.sources ?? [], locale, prompt.length),
      tag: { role: "writer", step: "section" },
      finish: (raw) => {
        // Typography (rules 2.x: full-width punctuation in Chinese, spacing) is code's job, not the model's.
        let text = fixMarkdown(filterCitations(bodyOf(raw), request.allowedIds), undefined, { rules: TYPOGRAPHY_RULES });
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

/** The typography rules of rules/DOC_GUIDELINES.md §2 that code fixes in every written section. */
const TYPOGRAPHY_RULES = ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", "2.10", "2.11", "2.12"];

/**
 * What is wrong with a written section, or null: a Chinese article's section in another language
 * (under half its letters Han), prose that repeats itself (distinct 4-grams under 0.6, from 40
 * characters on; prose measures ~0.9), a piece of the prompt's own wording copied back, or (with
 * `cites`: the section was given materials) no citation at all. A weak model drifts into English,
 * loops, echoes its instructions and writes around its materials; code checks it.
 */
export function sectionProblem(text: string, locale: Locale, options: { cites?: boolean } = {}): string | null {
  const zh = locale === "zh";
  // The no-material sentence is code's own (finish adds it) and shares the prompt's words: never an echo.
  const body = text.split(noMaterialNote(locale)).join("").replace(/\[m\d{3}\]/g, "");
  if (zh && hanShare(body) < 0.5) return "不是中文";
  if ([...body.trim()].length >= 40 && distinct4(body) < 0.6) return zh ? "内容重复" : "repetitive";
  const key = echoKey(body);
  if (sectionInstructionFragments(locale).some((f) => key.includes(echoKey(f)))) return zh ? "复述了提示词" : "repeats the prompt";
  if (options.cites && !/\[m\d{3}(?:[,，、\s]+m\d{3})*\]/.test(text)) return zh ? "没有引用素材" : "cites no material";
  return null;
}
