import type { z } from "zod";
import { WORKFLOW_REGISTRY } from "../../electron/engine/workflows/registry.js";

/** Every structured-output schema of the product, `workflow/identifier` → schema at its real limits (each definition's `structuredSchemas`). */
export const ALL_STRUCTURED_SCHEMAS: ReadonlyMap<string, z.ZodType> = new Map(
  Object.values(WORKFLOW_REGISTRY).flatMap((definition) => Object.entries(definition.structuredSchemas ?? {}).map(([name, schema]) => [`${definition.id}/${name}`, schema] as const)),
);
