import { ScriptoriumError } from "../../../../../shared/errors.js";
import type { Material } from "../../../../../shared/knowledge.js";
import type { ArticleDeps } from "../ArticleDeps.js";
import { say } from "../../common/nodeRuntime.js";
import type { Locale } from "../prompts.js";
import { rankPrompt } from "../prompts.js";
import { rankLlmSchema } from "../schemas.js";
import { materialDigest } from "./materialPackage.js";
import { orderByRanking, withRanks } from "./orderByRanking.js";

/**
 * The researcher's ranking call (grammar-constrained to the package's ids, one few-shot example).
 * A package of 0–1 materials needs no call. A failed call (not a cancel) keeps the code's order and
 * says why in `fallback`.
 */
export async function rankByModel(
  services: Pick<ArticleDeps, "llm">,
  intent: string,
  materials: Material[],
  locale: Locale,
  signal?: AbortSignal,
): Promise<{ materials: Material[]; fallback: string | null }> {
  if (materials.length < 2) return { materials: withRanks(materials), fallback: null };
  try {
    const { value } = await services.llm.generateStructured({
      ...rankPrompt(locale, intent, materials.map((m) => materialDigest(m, 80))),
      schema: rankLlmSchema(materials.map((m) => m.id)),
      tag: { role: "researcher", step: "rank" },
      signal,
      maxTokens: 16 + materials.length * 8,
    });
    return { materials: orderByRanking(materials, value.ranking), fallback: null };
  } catch (error) {
    if (signal?.aborted || (error instanceof ScriptoriumError && error.code === "aborted")) throw error;
    return { materials: withRanks(materials), fallback: say(locale, "排序调用失败", "the ranking call failed") };
  }
}
