import { z } from "zod";
import { ARTICLE_TYPES } from "../../../../shared/workflows/article.js";

/**
 * Output schemas of every structured LLM call in the article workflow. Every string and array is
 * bounded (the grammar needs it, and a weak model must not ramble); every field is described
 * because the description is shown to the model.
 */

/** Integer scores as an enum: llama.cpp grammars cannot express `minimum`/`maximum`, an enum can. */
export const SCORE_VALUES = Array.from({ length: 101 }, (_, i) => i) as [number, ...number[]];

/** Article lengths a model may pick: an enum, because the grammar cannot bound an integer (a random model wrote Infinity). */
export const WORD_COUNT_CHOICES = [300, 500, 800, 1000, 1200, 1500, 2000, 3000, 5000, 8000] as [number, ...number[]];

export const IntentLlmSchema = z.object({
  article_type: z.enum(ARTICLE_TYPES).describe("news, analysis, feature or report"),
  target_audience: z.string().max(100).describe("who will read the article, in a few words"),
  word_count_target: z.literal(WORD_COUNT_CHOICES).describe("length of the article in words (Chinese: characters)"),
  key_questions: z.array(z.string().max(120).describe("one question the article must answer")).max(5).describe("2 to 5 questions the article answers"),
});
export type IntentLlm = z.infer<typeof IntentLlmSchema>;

export const KeywordsLlmSchema = z.object({
  keywords: z.array(z.string().max(40).describe("one short search query")).max(6).describe("3 to 6 search keywords"),
});

/**
 * The researcher's second call: the material ids in order of relevance, and nothing else. Built per
 * call so the grammar only admits the package's own ids.
 */
export function rankLlmSchema(ids: readonly string[]) {
  return z.object({
    ranking: z
      .array(z.enum(ids as [string, ...string[]]).describe("one material id, e.g. m002"))
      .max(ids.length)
      .describe("every material id, most relevant to the writing intent first"),
  });
}

export const OutlineLlmSchema = z.object({
  title: z.string().max(120).describe("the article title"),
  sections: z
    .array(
      z.object({
        section_title: z.string().max(80).describe("the section heading"),
        key_points: z.array(z.string().max(150).describe("one point the section makes")).max(5).describe("2 to 4 key points"),
        material_ids: z.array(z.string().max(8).describe("a material id such as m001")).max(6).describe("ids of the materials the section uses; empty when none fits"),
      }),
    )
    .min(1)
    .max(8)
    .describe("3 to 6 sections in reading order"),
});
export type OutlineLlm = z.infer<typeof OutlineLlmSchema>;

export const ReviewIssueLlmSchema = z.object({
  severity: z.enum(["major", "minor"]).describe("major: wrong or misleading; minor: could be better"),
  location: z.string().max(80).describe("the section title where the issue is"),
  issue: z.string().max(200).describe("what is wrong"),
  suggestion: z.string().max(200).describe("how to fix it"),
});

export const AspectReviewLlmSchema = z.object({
  score: z.literal(SCORE_VALUES).describe("integer score from 0 (unusable) to 100 (perfect)"),
  issues: z.array(ReviewIssueLlmSchema).max(8).describe("at most 8 issues, most important first; empty when none"),
});
export type AspectReviewLlm = z.infer<typeof AspectReviewLlmSchema>;
