import type * as lancedb from "@lancedb/lancedb";
import { sanitizeFtsQuery } from "./ftsIndexOptions.js";
import { HIT_COLUMNS, fromRow, type ChunkHit } from "./IndexedChunk.js";
import { clamp01 } from "./clamp01.js";

/** The full-text (bigram BM25) search of a chunk table; scores are BM25 divided by the best one. */
export async function ftsSearch(table: lancedb.Table, text: string, limit: number, where?: string): Promise<ChunkHit[]> {
  const cleaned = sanitizeFtsQuery(text);
  if (!cleaned) return [];
  // Rows from not-yet-indexed fragments come back unsorted after the indexed ones: over-fetch,
  // then sort by BM25 here.
  let query = table.query().fullTextSearch(cleaned).select([...HIT_COLUMNS, "_score"]).limit(limit * 2 + 10);
  if (where) query = query.where(where);
  const rows = ((await query.toArray()) as Array<Record<string, unknown>>)
    .map((row) => ({ row, score: Number(row._score ?? 0) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
  const best = Math.max(0, ...rows.map(({ score }) => score));
  return rows.map(({ row, score }) => fromRow(row, best > 0 ? clamp01(score / best) : 0));
}
