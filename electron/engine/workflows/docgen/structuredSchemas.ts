import type { z } from "zod";
import { OUTLINE_MAX_SECTIONS } from "./materialBudget.js";
import { docOutlineSchema, MAX_ENUM_LINES, ProjectOverviewSchema, reviewResultSchema, revisePlanSchema, ScanActionSchema } from "./schemas.js";

/** Rule ids as a guide module numbers them; enough of them that the enum is as large as a real module's. */
const SAMPLE_RULE_IDS = Array.from({ length: 24 }, (_, i) => `${Math.floor(i / 6) + 1}.${(i % 6) + 1}`) as [string, ...string[]];

/**
 * Every schema the doc generator hands to `generateStructured`, keyed by the identifier at its
 * call site (a factory by its name), each at its REAL limits: the largest line enum a review or
 * revise call can build. See article/structuredSchemas.ts for who checks it.
 */
export const DOCGEN_STRUCTURED_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  ScanActionSchema,
  ProjectOverviewSchema,
  docOutlineSchema: docOutlineSchema(OUTLINE_MAX_SECTIONS),
  reviewResultSchema: reviewResultSchema(SAMPLE_RULE_IDS, MAX_ENUM_LINES),
  revisePlanSchema: revisePlanSchema(1, MAX_ENUM_LINES),
};
