import type { z } from "zod";
import { ARTICLE_STRUCTURED_SCHEMAS } from "../../electron/engine/workflows/article/structuredSchemas.js";
import { DOCGEN_STRUCTURED_SCHEMAS } from "../../electron/engine/workflows/docgen/structuredSchemas.js";
import { PAPER_STRUCTURED_SCHEMAS } from "../../electron/engine/workflows/paper/structuredSchemas.js";

/** Every structured-output schema of the product, `workflow/identifier` → schema at its real limits. */
export const ALL_STRUCTURED_SCHEMAS: ReadonlyMap<string, z.ZodType> = new Map([
  ...Object.entries(ARTICLE_STRUCTURED_SCHEMAS).map(([name, schema]) => [`article/${name}`, schema] as const),
  ...Object.entries(DOCGEN_STRUCTURED_SCHEMAS).map(([name, schema]) => [`docgen/${name}`, schema] as const),
  ...Object.entries(PAPER_STRUCTURED_SCHEMAS).map(([name, schema]) => [`paper/${name}`, schema] as const),
]);
