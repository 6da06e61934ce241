import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { Material } from "../../../../../shared/knowledge.js";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { runStep, summaryOf } from "../../common/nodeRuntime.js";
import type { DocgenDeps } from "../DocgenDeps.js";
import type { DocgenState, DocgenUpdate } from "../state.js";

/** Passages a scoped run takes from the library: enough for a few sections, few enough for a small model's prompt. */
export const SOURCE_PASSAGES = 8;

/**
 * A scoped run's sources: the topic searched in the run's collections, bound folders and papers
 * (the same search, and the same scope, as the article studio's). The passages become materials
 * `m001` … and are put first in the context, so the clip for the prompt never cuts them; the
 * sections cite them as `[m001]` and the papers among them get the document's reference list.
 * An unscoped run passes through without a step; a resumed one keeps the materials it found.
 */
export function searchSourcesNode(deps: DocgenDeps) {
  return async (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> => {
    if (!state.scope || state.materials.length > 0) return {};
    const search = deps.search;
    if (!search) throw new ScriptoriumError("unavailable", "This engine has no library search, so a run cannot take sources from a scope.");
    return runStep<DocgenUpdate>(config, { step: "search_sources", agent: "researcher", label: "检索文献库" }, async () => {
      const hits = await search.search(state.topic, {
        limit: SOURCE_PASSAGES,
        locale: state.locale,
        scope: state.scope!,
        ...(config.signal ? { signal: config.signal } : {}),
      });
      const seen = new Set<string>();
      const materials: Material[] = hits
        .filter((hit) => {
          const key = hit.recUuid ?? `${hit.source}\u0000${hit.content}`;
          return !seen.has(key) && seen.add(key);
        })
        .slice(0, SOURCE_PASSAGES)
        .map((hit, i) => ({ ...hit, id: `m${String(i + 1).padStart(3, "0")}` }));
      const papers = new Set(materials.filter((m) => m.csl).map((m) => String(m.csl!.id))).size;
      const context = materials.length ? `${sourcesBlock(materials, state.locale)}\n\n${state.context}`.trim() : state.context;
      return { update: { materials, context }, ...summaryOf("sources", { n: materials.length, papers }, `${materials.length} passages, ${papers} papers`) };
    });
  };
}

/** The materials as the prompt shows them: id, work and passage, with how to cite them. */
export function sourcesBlock(materials: readonly Material[], locale: "zh" | "en"): string {
  const head =
    locale === "zh"
      ? "文献资料（来自用户的资料库；使用其中内容时在句末标注编号，如 [m001]）："
      : "Sources from the user's library (when you use one, cite its id at the end of the sentence, e.g. [m001]):";
  const lines = materials.map((m) => `[${m.id}] ${m.title}${m.source && m.source !== m.title ? ` — ${m.source}` : ""}\n${m.content.replace(/\s+/g, " ").trim()}`);
  return [head, ...lines].join("\n");
}
