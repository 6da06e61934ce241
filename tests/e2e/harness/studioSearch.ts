import type { Material } from "../../../shared/knowledge.js";
import type { ResearchSearch } from "../../../electron/engine/workflows/WorkflowDefinition.js";

/** Deterministic research search: three Chinese hits per query, spread over the relevance bands. */
export class StudioSearch implements ResearchSearch {
  readonly queries: string[] = [];
  async search(query: string, options: { limit: number }): Promise<Material[]> {
    this.queries.push(query);
    const hit = (n: number, score: number): Material => ({
      id: `${query}-${n}`,
      title: `${query}：第 ${n} 篇调研报告，标题较长以检验两行截断的显示效果是否正常`,
      content: `关于「${query}」的摘要 ${n}：本地部署的大模型在内网环境中完成检索、写作与审校。`,
      source: n === 1 ? "内网知识库" : "行业周刊",
      published_at: `2024-0${n}-15`,
      relevance_score: score,
      source_type: "library",
      url: n === 1 ? `http://127.0.0.1:9/doc/${encodeURIComponent(query)}` : null,
      recUuid: `${query}-${n}`,
    });
    return [hit(1, 0.92), hit(2, 0.66), hit(3, 0.31)].slice(0, options.limit);
  }
}
