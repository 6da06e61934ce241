import type { z } from "zod";
import { AspectReviewLlmSchema, IntentLlmSchema, KeywordsLlmSchema, OutlineLlmSchema, rankLlmSchema } from "./schemas.js";

/**
 * Every schema the article workflow hands to `generateStructured`, keyed by the identifier at its
 * call site. tests/realModel/structuredSchemas.test.ts checks the call sites against this list and
 * grammars.real.test.ts builds each grammar on the real model, so a new schema cannot ship unchecked.
 */
export const ARTICLE_STRUCTURED_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  IntentLlmSchema,
  KeywordsLlmSchema,
  OutlineLlmSchema,
  AspectReviewLlmSchema,
  // Built per call from the package's ids; a full package's 24 ids is the largest grammar.
  rankLlmSchema: rankLlmSchema(Array.from({ length: 24 }, (_, i) => `m${String(i + 1).padStart(3, "0")}`)),
};
