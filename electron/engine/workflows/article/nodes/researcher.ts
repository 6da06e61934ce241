import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { Material } from "../../../../../shared/knowledge.js";
import type { ArticleDeps } from "../ArticleDeps.js";
import { rankMaterials, renumber } from "../research/materialPackage.js";
import { emit, labelFrom, runStep, summaryFrom, withNotes } from "../../common/nodeRuntime.js";
import { tryStructured } from "../../common/tryStructured.js";
import { stepLines, summaryLines } from "../stepLines.js";
import { localeOf } from "../localeOf.js";
import { keywordsPrompt } from "../prompts.js";
import { KeywordsLlmSchema } from "../schemas.js";
import { searchKeywords, searchNotes, uniqueKeywords } from "../research/searchKeywords.js";
import { keywordsFromIntent } from "../research/keywordsFromIntent.js";
import { rankByModel } from "../research/rankByModel.js";
import type { ArticleUpdate, ArticleState } from "../state.js";

/**
 * researcher (研究院), the brief's two independent model calls with the search between them: the
 * model extracts keywords; code searches them all concurrently, de-duplicates, ranks by score,
 * trims to the package budget and numbers m001 …; the model then only orders the package (code
 * order as fallback and tie-breaker). Zero materials is a valid package: the user decides at PAUSE-1.
 */
export function researcherNode(deps: ArticleDeps) {
  return (state: ArticleState, config: LangGraphRunnableConfig): Promise<ArticleUpdate> => research(deps, state, config);
}

/**
 * The researcher's three steps. With `previous` (重新搜索 with no keywords: the package is cleared
 * and researched afresh), a material found again keeps its id, so the user's tick on it stays.
 */
export async function research(
  deps: ArticleDeps,
  state: ArticleState,
  config: LangGraphRunnableConfig,
  previous: Material[] = [],
): Promise<ArticleUpdate> {
  const locale = localeOf(state);
  const parsed = state.parsed_intent;
  if (!parsed) throw new Error("researcher ran before intent_parser");
  const label = previous.length ? stepLines.researchAgain(locale) : stepLines.keywords(locale);
  const keywords = await runStep(config, { step: "researcher_keywords", agent: "researcher", ...labelFrom(label) }, async () => {
    // A keyword call that gives no valid JSON (a small model looping inside a string) does not stop
    // the run: the intent itself is searched, and the timeline says so.
    const result = await tryStructured(deps.llm, config, {
      ...keywordsPrompt(locale, state.input.intent, parsed),
      schema: KeywordsLlmSchema,
      tag: { role: "researcher", step: "keywords" },
      maxTokens: 200,
    });
    // Keywords must come from what the user wrote: a weak model copies the prompt's example ones.
    const { kept, dropped } = keywordsFromIntent(uniqueKeywords(result.value?.keywords ?? []), [state.input.intent, state.input.extra_context ?? ""]);
    let found = kept.slice(0, 6);
    // A model that returns nothing usable still leaves the intent itself as a query.
    if (!found.length) found = [state.input.intent.slice(0, 40)];
    const notes = [summaryLines.keywordsDropped(locale, dropped), ...(result.value ? [] : [summaryLines.keywordsFailed(locale)])];
    return { update: found, ...summaryFrom(withNotes(summaryLines.keywords(locale, found), ...notes)) };
  });
  const found = await runStep(config, { step: "researcher_search", agent: "researcher", ...labelFrom(stepLines.search(locale)) }, async () => {
    const { hitLists, hits, failed, unavailable } = await searchKeywords(
      deps.search,
      keywords,
      locale,
      config.signal,
      { dateFrom: parsed.date_from, dateTo: parsed.date_to },
      state.input.scope,
    );
    const materials = renumber(rankMaterials(hitLists), previous, { keepKnown: true });
    const summary = withNotes(summaryLines.materials(locale, hits, materials.length), ...searchNotes(locale, failed, unavailable));
    return { update: { materials, hits, summary }, ...summaryFrom(summary) };
  });
  // The brief's second, independent call: the model only orders the package; code ranking is the fallback.
  return runStep(config, { step: "researcher_rank", agent: "researcher", ...labelFrom(stepLines.rank(locale)) }, async () => {
    const { materials, fallback } = await rankByModel(deps, state.input.intent, found.materials, locale, config.signal, { keepIds: previous.length > 0 });
    const how = fallback ? summaryLines.rankFailed(locale) : summaryLines.rankedByModel(locale);
    emit(config, { type: "materials_ready", materials, keywords, summary: found.summary.text, summaryText: found.summary.message });
    return { update: { keywords, materials, search_hits: found.hits }, ...summaryFrom(withNotes(found.summary, how)) };
  });
}
