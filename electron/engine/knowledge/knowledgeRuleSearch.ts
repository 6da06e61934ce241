import type { ExternalChunk } from "./Ingestor.js";
import type { KnowledgeService } from "./KnowledgeService.js";

/** A rule chunk as `RuleRepository.ruleChunksForIndex()` gives it (structurally typed). */
export interface IndexableRuleChunk extends ExternalChunk {
  id: string;
  meta: { moduleId: string; ruleId: string; file: string } & Record<string, unknown>;
}

/** The draft is the query: FTS and the embedder only need its beginning. */
const MAX_QUERY_CHARS = 2000;

/**
 * Indexes the rule repository's chunks in the `rules` collection, one source per rule file
 * (`rules/<file>`); unchanged files are no-ops and files no longer present are removed.
 */
export async function indexRuleChunks(
  knowledge: KnowledgeService,
  chunks: IndexableRuleChunk[],
  signal?: AbortSignal,
): Promise<{ ingested: number; unchanged: number; removed: number }> {
  const byFile = new Map<string, IndexableRuleChunk[]>();
  for (const chunk of chunks) {
    const list = byFile.get(chunk.meta.file) ?? [];
    list.push(chunk);
    byFile.set(chunk.meta.file, list);
  }
  const result = { ingested: 0, unchanged: 0, removed: 0 };
  for (const [file, fileChunks] of byFile) {
    const outcome = await knowledge.ingestChunks(
      { collection: "rules", path: `rules/${file}`, kind: "rules", chunks: fileChunks.map((c) => ({ ...c, meta: { ...c.meta, chunkId: c.id } })) },
      signal,
    );
    if (outcome === "unchanged") result.unchanged++;
    else result.ingested++;
  }
  const wanted = new Set([...byFile.keys()].map((file) => `rules/${file}`));
  for (const source of knowledge.sources("rules")) {
    if (!wanted.has(source.path)) {
      await knowledge.deleteSource(source.id);
      result.removed++;
    }
  }
  return result;
}

/**
 * The rule repository's `RuleSearch` on the `rules` collection: hybrid search pre-filtered to the
 * module, scores 0..1.
 */
export function knowledgeRuleSearch(knowledge: KnowledgeService): {
  search(query: string, options: { moduleId: string; limit: number }): Promise<Array<{ ruleId: string; score: number }>>;
} {
  return {
    async search(query, { moduleId, limit }) {
      const text = query.slice(0, MAX_QUERY_CHARS).trim();
      if (!text) return [];
      // meta is a JSON string column: a LIKE prefilter keeps the top-k inside the module, the exact
      // check below drops LIKE's `_` wildcard matches.
      const needle = JSON.stringify({ moduleId }).slice(1, -1).replace(/'/g, "''");
      const hits = await knowledge.searchChunks("rules", text, { limit, mode: "hybrid", where: `meta LIKE '%${needle}%'` });
      return hits
        .filter((hit) => hit.meta.moduleId === moduleId && typeof hit.meta.ruleId === "string")
        .map((hit) => ({ ruleId: hit.meta.ruleId as string, score: hit.score }));
    },
  };
}
