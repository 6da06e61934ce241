import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ArticleDeps } from "../ArticleDeps.js";
import { DEFAULT_BUDGET, materialKey, materialsSummary, rankMaterials, renumber } from "../research/materialPackage.js";
import { withRanks } from "../research/orderByRanking.js";
import { emit, runStep, say } from "../../common/nodeRuntime.js";
import { localeOf } from "../localeOf.js";
import { searchKeywords, uniqueKeywords, unavailableNote } from "../research/searchKeywords.js";
import type { ArticleStateUpdate, ArticleStateValues } from "../state.js";

/** A package never grows past this many materials, however often the user re-searches. */
export const MAX_PACKAGE = 24;

/**
 * re_search at PAUSE-1 with extra keywords: search them and MERGE the new hits into the package —
 * materials already in it are skipped, new ones continue the numbering, existing ids never change.
 */
export function researchMoreNode(services: ArticleDeps) {
  return async (state: ArticleStateValues, config: LangGraphRunnableConfig): Promise<ArticleStateUpdate> => {
    const locale = localeOf(state);
    const extra = uniqueKeywords(state.resume?.payload.extra_keywords ?? []);
    const period = { dateFrom: state.parsed_intent?.date_from, dateTo: state.parsed_intent?.date_to };
    if (!extra.length) {
      // Issue 12: re_search with no keywords clears the package and searches the same keywords again.
      const label = say(locale, `重新检索：${state.keywords.join("、")}`, `Searching again: ${state.keywords.join(", ")}`);
      return runStep(config, { step: "researcher_search", agent: "researcher", label }, async () => {
        const { hitLists, hits, failed, unavailable } = await searchKeywords(services.search, state.keywords, locale, config.signal, period);
        const materials = withRanks(renumber(rankMaterials(hitLists)));
        let summary = materialsSummary(locale, hits, materials.length);
        if (failed.length) summary += say(locale, `（${failed.length} 个关键词检索失败）`, ` (${failed.length} searches failed)`);
        summary += unavailableNote(locale, unavailable);
        emit(config, { type: "materials_ready", materials, keywords: state.keywords, summary });
        return { update: { materials, search_hits: hits, approved_material_ids: null }, summary };
      });
    }
    return runStep(config, { step: "researcher_search", agent: "researcher", label: say(locale, `补充检索：${extra.join("、")}`, `Searching more: ${extra.join(", ")}`) }, async () => {
      const { hitLists, hits, failed, unavailable } = await searchKeywords(services.search, extra, locale, config.signal, period);
      const room = Math.max(0, MAX_PACKAGE - state.materials.length);
      const fresh = rankMaterials(hitLists, { ...DEFAULT_BUDGET, maxMaterials: Math.min(DEFAULT_BUDGET.maxMaterials, room) }, new Set(state.materials.map(materialKey)));
      // New hits rank after the package the user already sees (code order among themselves).
      const materials = [...state.materials, ...withRanks(renumber(fresh, state.materials), state.materials.length + 1)];
      const keywords = uniqueKeywords([...state.keywords, ...extra]);
      const totalHits = state.search_hits + hits;
      let summary = materialsSummary(locale, totalHits, materials.length);
      summary += say(locale, `（本次新增 ${fresh.length} 条）`, ` (${fresh.length} new)`);
      if (failed.length) summary += say(locale, `（${failed.length} 个关键词检索失败）`, ` (${failed.length} searches failed)`);
      summary += unavailableNote(locale, unavailable);
      emit(config, { type: "materials_ready", materials, keywords, summary });
      return { update: { keywords, materials, search_hits: totalHits }, summary };
    });
  };
}
