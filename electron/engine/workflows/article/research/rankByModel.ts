import { ScriptoriumError } from "../../../../../shared/errors.js";
import type { Material } from "../../../../../shared/knowledge.js";
import type { ArticleDeps } from "../ArticleDeps.js";
import type { Locale } from "../prompts.js";
import { rankPrompt } from "../prompts.js";
import { rankLlmSchema } from "../schemas.js";
import { materialDigest } from "./materialPackage.js";
import { orderByRanking, withRanks } from "./orderByRanking.js";

/**
 * The researcher's ranking call (grammar-constrained to the package's ids, one few-shot example).
 * A package of 0–1 materials needs no call. A failed call (not a cancel) keeps the code's order,
 * with `fallback` set (the step's summary says so). `keepIds`: see orderByRanking.
 */
export async function rankByModel(
  deps: Pick<ArticleDeps, "llm">,
  intent: string,
  materials: Material[],
  locale: Locale,
  signal?: AbortSignal,
  { keepIds = false } = {},
): Promise<{ materials: Material[]; fallback: boolean }> {
  if (materials.length < 2) return { materials: withRanks(materials), fallback: false };
  try {
    const { value } = await deps.llm.generateStructured({
      ...rankPrompt(locale, intent, materials.map((m) => materialDigest(m, 80))),
      schema: rankLlmSchema(materials.map((m) => m.id)),
      tag: { role: "researcher", step: "rank" },
      signal,
      maxTokens: 16 + materials.length * 8,
    });
    return { materials: orderByRanking(materials, value.ranking, { keepIds }), fallback: false };
  } catch (error) {
    if (signal?.aborted || (error instanceof ScriptoriumError && error.code === "aborted")) throw error;
    return { materials: withRanks(materials), fallback: true };
  }
}
