import { wordCount } from "../../../../shared/text/countText.js";
import type { Locale } from "../common/definePrompt.js";
import { SECTION_WORDS } from "./prompts.js";

/**
 * What a document's source material can fill, decided by code before any call: how many outline
 * sections and how long a section. A weak model given room fills it with invented text (Gemma 3
 * 270M turned a three-sentence context into six 900-token sections), so every bound follows the
 * material: the outline's grammar may write at most `max` sections, a section's prompt asks for
 * its share of the material and its budget is the tokens that length needs. Words are counted as
 * `wordCount` counts them (a Han character is a word). A run with no material at all (a topic
 * only) keeps the full bounds: the topic is all there is to scale to.
 */

/** The outline's bounds: the most sections any outline may have, and the fewest. */
export const OUTLINE_MAX_SECTIONS = 8;
export const OUTLINE_MIN_SECTIONS = 3;

/** Words of material one section is worth (about three sentences): more sections than this would repeat or invent. */
const MATERIAL_WORDS_PER_SECTION = { zh: 150, en: 100 } as const;

/** A section's length at least (its upper bound is SECTION_WORDS): a heading and a few sentences. */
const SECTION_MIN_WORDS = { zh: 120, en: 80 } as const;
/** How much longer a section may be than its share of the material: it explains, it does not only restate. */
const EXPANSION = 4;

/**
 * Tokens per word as the model writes them, so a budget that ends near the asked length: about
 * 1.5 Chinese characters a token on Gemma's tokenizer and 0.75 English words; the budget holds 1.2 ×
 * the length (a cut reply that reached it is ended at a sentence, one short of it is continued) plus
 * the heading line.
 */
const TOKENS_PER_WORD = { zh: 1 / 1.5, en: 1 / 0.75 } as const;
const HEADING_TOKENS = 24;

function lang(locale: Locale): "zh" | "en" {
  return locale === "zh" ? "zh" : "en";
}

/** The outline's section bounds for this material: `min` to `max` sections, `max` from about 3 sentences a section. */
export function outlineBounds(context: string, locale: Locale): { min: number; max: number } {
  const words = wordCount(context.trim());
  if (words === 0) return { min: OUTLINE_MIN_SECTIONS, max: OUTLINE_MAX_SECTIONS };
  const max = Math.min(OUTLINE_MAX_SECTIONS, Math.max(OUTLINE_MIN_SECTIONS, Math.ceil(words / MATERIAL_WORDS_PER_SECTION[lang(locale)])));
  return { min: OUTLINE_MIN_SECTIONS, max };
}

/**
 * One section's length: `words` at most (its share of the material × EXPANSION, between the
 * minimum and SECTION_WORDS), `minWords` the prompt's lower bound, and `maxTokens` what `words` needs.
 */
export function sectionBudget(context: string, sections: number, locale: Locale): { words: number; minWords: number; maxTokens: number } {
  const l = lang(locale);
  const material = wordCount(context.trim());
  const share = material === 0 ? SECTION_WORDS[l] : Math.ceil((material / Math.max(1, sections)) * EXPANSION);
  const words = Math.min(SECTION_WORDS[l], Math.max(SECTION_MIN_WORDS[l], share));
  return { words, minWords: Math.round((words * 3) / 8), maxTokens: Math.ceil(words * 1.2 * TOKENS_PER_WORD[l]) + HEADING_TOKENS };
}
