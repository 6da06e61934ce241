import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ArticleDeps } from "../ArticleDeps.js";
import { DEFAULT_BUDGET, materialKey, rankMaterials, renumber } from "../research/materialPackage.js";
import { withRanks } from "../research/orderByRanking.js";
import { research } from "./researcher.js";
import { emit, labelFrom, runStep, summaryFrom, withNotes } from "../../common/nodeRuntime.js";
import { stepLines, summaryLines } from "../stepLines.js";
import { localeOf } from "../localeOf.js";
import { searchKeywords, searchNotes, uniqueKeywords } from "../research/searchKeywords.js";
import type { ArticleUpdate, ArticleState } from "../state.js";

/** A package never grows past this many materials, however often the user re-searches. */
export const MAX_PACKAGE = 24;

/**
 * re_search at PAUSE-1 with extra keywords: search them and MERGE the new hits into the package —
 * materials already in it are skipped, new ones continue the numbering, existing ids never change.
 * With none, the researcher runs again from its keyword call.
 */
export function researchMoreNode(deps: ArticleDeps) {
  return async (state: ArticleState, config: LangGraphRunnableConfig): Promise<ArticleUpdate> => {
    const locale = localeOf(state);
    const extra = uniqueKeywords(state.resume?.payload.extra_keywords ?? []);
    const period = { dateFrom: state.parsed_intent?.date_from, dateTo: state.parsed_intent?.date_to };
    if (!extra.length) {
      // 重新搜索 with no keywords: the package is cleared and the researcher runs again, keyword
      // call, search and ranking call (brief: 清空素材重新来); a material found again keeps its id.
      return { ...(await research(deps, state, config, state.materials)), approved_material_ids: null };
    }
    return runStep(config, { step: "researcher_search", agent: "researcher", ...labelFrom(stepLines.searchMore(locale, extra)) }, async () => {
      const { hitLists, hits, failed, unavailable } = await searchKeywords(deps.search, extra, locale, config.signal, period, state.input.scope);
      const room = Math.max(0, MAX_PACKAGE - state.materials.length);
      const fresh = rankMaterials(
        hitLists,
        { ...DEFAULT_BUDGET, maxMaterials: Math.min(DEFAULT_BUDGET.maxMaterials, room) },
        new Set(state.materials.map(materialKey)),
      );
      // New hits rank after the package the user already sees (code order among themselves).
      const materials = [...state.materials, ...withRanks(renumber(fresh, state.materials), state.materials.length + 1)];
      const keywords = uniqueKeywords([...state.keywords, ...extra]);
      const totalHits = state.search_hits + hits;
      const summary = withNotes(
        summaryLines.materials(locale, totalHits, materials.length),
        summaryLines.newOnes(locale, fresh.length),
        ...searchNotes(locale, failed, unavailable),
      );
      emit(config, { type: "materials_ready", materials, keywords, summary: summary.text, summaryText: summary.message });
      return { update: { keywords, materials, search_hits: totalHits }, ...summaryFrom(summary) };
    });
  };
}
