import type { ResearchSearch } from "../../electron/engine/workflows/WorkflowDefinition.js";

/** Canned library hits, so a measurement is about orchestration, not retrieval. */
export const CANNED_SEARCH: ResearchSearch = {
  search: async (query) =>
    [1, 2, 3].map((i) => ({
      id: `${query}-${i}`,
      title: `${query} 资料 ${i}`,
      content: `关于 ${query} 的第 ${i} 条摘要。`,
      source: "bench",
      published_at: null,
      relevance_score: 1 / i,
      source_type: "library",
      url: null,
      recUuid: `${query}-${i}`,
    })),
};
