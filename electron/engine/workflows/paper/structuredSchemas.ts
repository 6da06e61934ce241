import type { z } from "zod";
import { MetadataCheckSchema } from "./library/confirmMetadata.js";
import { JudgeSchema } from "./library/llmClaimJudge.js";
import { TermTranslationSchema } from "./library/translateQueryTerms.js";
import { AnalysisSchema, CritiqueSchema, DeepExtractionSchema, ExtractionSchema, FollowUpSchema, RouterSchema } from "./schemas.js";

/**
 * Every schema the paper workflow (and its library) hands to `generateStructured`, keyed by the
 * identifier at its call site; see article/structuredSchemas.ts for who checks it.
 */
export const PAPER_STRUCTURED_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  RouterSchema,
  CritiqueSchema,
  ExtractionSchema,
  DeepExtractionSchema,
  AnalysisSchema,
  FollowUpSchema,
  JudgeSchema,
  TermTranslationSchema,
  MetadataCheckSchema,
};
