import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ArticleDeps } from "../ArticleDeps.js";
import { materialsSummary, rankMaterials, renumber } from "../research/materialPackage.js";
import { emit, runStep, say } from "../../common/nodeRuntime.js";
import { localeOf } from "../localeOf.js";
import { keywordsPrompt } from "../prompts.js";
import { KeywordsLlmSchema } from "../schemas.js";
import { searchKeywords, uniqueKeywords, unavailableNote } from "../research/searchKeywords.js";
import type { ArticleStateUpdate, ArticleStateValues } from "../state.js";

/**
 * researcher (研究院), two single-task steps: the model extracts keywords; code searches them all
 * concurrently, de-duplicates, ranks, trims to the package budget and numbers m001 …
 * Zero materials is a valid package: the user decides at PAUSE-1.
 */
export function researcherNode(services: ArticleDeps) {
  return async (state: ArticleStateValues, config: LangGraphRunnableConfig): Promise<ArticleStateUpdate> => {
    const locale = localeOf(state);
    const parsed = state.parsed_intent;
    if (!parsed) throw new Error("researcher ran before intent_parser");
    const keywords = await runStep(config, { step: "researcher_keywords", agent: "researcher", label: say(locale, "提取检索关键词", "Extracting keywords") }, async () => {
      const { value } = await services.llm.generateStructured({
        ...keywordsPrompt(locale, state.input.intent, parsed),
        schema: KeywordsLlmSchema,
        tag: { role: "researcher", step: "keywords" },
        signal: config.signal,
        maxTokens: 200,
      });
      let found = uniqueKeywords(value.keywords).slice(0, 6);
      // A model that returns nothing usable still leaves the intent itself as a query.
      if (!found.length) found = [state.input.intent.slice(0, 40)];
      return { update: found, summary: found.join(locale === "zh" ? "、" : ", ") };
    });
    return runStep(config, { step: "researcher_search", agent: "researcher", label: say(locale, "检索素材", "Searching materials") }, async () => {
      const { hitLists, hits, failed, unavailable } = await searchKeywords(services.search, keywords, locale, config.signal, { dateFrom: parsed.date_from, dateTo: parsed.date_to });
      const materials = renumber(rankMaterials(hitLists));
      let summary = materialsSummary(locale, hits, materials.length);
      if (failed.length) summary += say(locale, `（${failed.length} 个关键词检索失败）`, ` (${failed.length} searches failed)`);
      summary += unavailableNote(locale, unavailable);
      emit(config, { type: "materials_ready", materials, keywords, summary });
      return { update: { keywords, materials, search_hits: hits }, summary };
    });
  };
}
