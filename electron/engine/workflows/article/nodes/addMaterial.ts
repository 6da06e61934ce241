import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { Material } from "../../../../../shared/knowledge.js";
import { emit, runStep, say } from "../../common/nodeRuntime.js";
import { materialsSummary, renumber } from "../research/materialPackage.js";
import { withRanks } from "../research/orderByRanking.js";
import { localeOf } from "../localeOf.js";
import type { ArticleStateUpdate, ArticleStateValues } from "../state.js";

/** Material content is capped like a searched one: weak models get summaries, not documents. */
const CONTENT_CHARS = 500;

/**
 * add_material at PAUSE-1: the writer's own material (pasted or imported text) joins the package
 * with the next id, `source_type: "user"`, full relevance; back to PAUSE-1. Pure code, no LLM.
 */
export function addMaterialNode() {
  return async (state: ArticleStateValues, config: LangGraphRunnableConfig): Promise<ArticleStateUpdate> => {
    const locale = localeOf(state);
    const own = state.resume?.payload.material;
    return runStep<ArticleStateUpdate>(config, { step: "add_material", agent: "researcher", label: say(locale, "加入自有素材", "Adding your material") }, async () => {
      if (!own) return { update: {}, summary: say(locale, "没有素材", "no material") };
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
      const summary = `${materialsSummary(locale, state.search_hits, materials.length)}${say(locale, `（新增自有素材 ${added.id}）`, ` (added your material ${added.id})`)}`;
      emit(config, { type: "materials_ready", materials, keywords: state.keywords, summary });
      return { update: { materials }, summary };
    });
  };
}
