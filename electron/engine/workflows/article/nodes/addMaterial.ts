import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { Material } from "../../../../../shared/knowledge.js";
import { emit, labelFrom, runStep, say, summaryFrom, withNotes } from "../../common/nodeRuntime.js";
import { renumber } from "../research/materialPackage.js";
import { stepLines, summaryLines } from "../stepLines.js";
import { withRanks } from "../research/orderByRanking.js";
import { localeOf } from "../localeOf.js";
import type { ArticleUpdate, ArticleState } from "../state.js";

/** Material content is capped like a searched one: weak models get summaries, not documents. */
const CONTENT_CHARS = 500;

/**
 * add_material at PAUSE-1: the writer's own material (pasted or imported text) joins the package
 * with the next id, `source_type: "user"`, full relevance; back to PAUSE-1. Pure code, no LLM.
 */
export function addMaterialNode() {
  return async (state: ArticleState, config: LangGraphRunnableConfig): Promise<ArticleUpdate> => {
    const locale = localeOf(state);
    const own = state.resume?.payload.material;
    return runStep<ArticleUpdate>(config, { step: "add_material", agent: "researcher", ...labelFrom(stepLines.addMaterial(locale)) }, async () => {
      if (!own) return { update: {}, ...summaryFrom(summaryLines.noMaterial(locale)) };
      const content = own.content.replace(/\s+/g, " ").trim();
      const material: Material = {
        id: "user",
        title: own.title.slice(0, 300),
        content: content.length > CONTENT_CHARS ? `${content.slice(0, CONTENT_CHARS - 1)}…` : content,
        source: own.source?.trim() || say(locale, "用户提供", "provided by the writer"),
        published_at: null,
        relevance_score: 1,
        source_type: "user",
        url: own.url?.trim() || null,
        recUuid: null,
      };
      const materials = [...state.materials, ...withRanks(renumber([material], state.materials), state.materials.length + 1)];
      const added = materials.at(-1) as Material;
      const summary = withNotes(summaryLines.materials(locale, state.search_hits, materials.length), summaryLines.ownAdded(locale, added.id));
      emit(config, { type: "materials_ready", materials, keywords: state.keywords, summary: summary.text, summaryText: summary.message });
      return { update: { materials }, ...summaryFrom(summary) };
    });
  };
}
