import type * as lancedb from "@lancedb/lancedb";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { ChunkHit } from "./IndexedChunk.js";
import { ftsSearch } from "./ftsSearch.js";
import { reciprocalRankFusion } from "./reciprocalRankFusion.js";
import { vectorSearch } from "./vectorSearch.js";

export type SearchMode = "hybrid" | "vector" | "fts";

export interface StoreSearchOptions {
  mode?: SearchMode;
  limit: number;
  /** SQL filter on the columns, e.g. `source_id = 'abc'` or `lang = 'zh'`. */
  where?: string;
}

/**
 * Top-k chunks of one table. `hybrid` fuses vector search and bigram FTS with reciprocal rank
 * fusion; `vector` scores 1 − cosine distance / 2; `fts` scores BM25 divided by the best one. All
 * scores are 0..1. `checkVector` validates the query vector against the table's dimensions;
 * `annRows` is the row count its ANN index was trained on (0: none).
 */
export async function searchChunks(
  table: lancedb.Table,
  query: { text: string; vector?: Float32Array },
  options: StoreSearchOptions & { annRows: number; checkVector: (vector: Float32Array) => void },
): Promise<ChunkHit[]> {
  const mode = options.mode ?? "hybrid";
  const vectorHits = (limit: number) => {
    if (!query.vector) throw new ScriptoriumError("bad_request", "A vector search needs a query vector.");
    options.checkVector(query.vector);
    return vectorSearch(table, query.vector, { limit, where: options.where, annRows: options.annRows });
  };
  if (mode === "vector") return vectorHits(options.limit);
  if (mode === "fts") return ftsSearch(table, query.text, options.limit, options.where);
  const candidates = Math.max(options.limit * 3, 20);
  const [vector, fts] = await Promise.all([vectorHits(candidates), ftsSearch(table, query.text, candidates, options.where)]);
  return reciprocalRankFusion([vector, fts])
    .slice(0, options.limit)
    .map(({ item, score }) => ({ ...item, score }));
}
