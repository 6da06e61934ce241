import type * as lancedb from "@lancedb/lancedb";
import { HIT_COLUMNS, fromRow, type ChunkHit } from "./IndexedChunk.js";
import { l2Normalize } from "./l2Normalize.js";
import { clamp01 } from "./clamp01.js";

/**
 * The ANN index is trained and queried with cosine, not dot: LanceDB 0.31's SQ storage returns
 * unnormalised dot "distances" (−12.4 for a vector's own copy), so the candidates handed to refine
 * are ranked wrongly and a stored vector did not find itself. On unit vectors the refined cosine
 * distance equals the dot distance, so scores do not depend on which path answered.
 */
export const ANN_DISTANCE = "cosine";
/**
 * The ANN index is HNSW on 8-bit scalar-quantised vectors (LanceDB's IVF_HNSW_SQ with one
 * partition per million rows), searched with a wide beam (`ef`) and refined on the full vectors.
 * Measured on the bench's 100 042-chunk table (hashed bigram vectors, where even the best match of
 * a query is only ≈ 0.2–0.45 similar): IVF-PQ and IVF-flat missed a labelled doc whose partition
 * ranked ~150th of 316 by centroid (found only from 200 probes), so vector recall@5 fell from
 * 0.222 (flat) to 0.194. HNSW-SQ (cosine) gave 0.194 at ef 1000 and 0.222 = flat from ef 3000
 * at a fraction of flat search's time (figures: bench/retrievalBench.ts).
 */
const ANN_EF = 3000;
const ANN_REFINE = 10;
const ANN_ROWS_PER_PARTITION = 1_000_000;
/**
 * Vectors are stored and queried at unit length, so the dot product ranks exactly as cosine and
 * LanceDB's dot distance (1 − dot) equals the cosine distance — but skips the per-row norms: flat
 * search ranks the same rows in less time (figures: bench/retrievalBench.ts).
 */
const DISTANCE = "dot";

/** HNSW partitions: one graph per million rows (LanceDB recommends one; more only bounds training memory). */
export function annPartitions(rows: number): number {
  return Math.max(1, Math.ceil(rows / ANN_ROWS_PER_PARTITION));
}

/** A unit-length copy (the caller's array is left as it was). */
export function unitCopy(vector: Float32Array): Float32Array {
  return l2Normalize(Float32Array.from(vector));
}

/**
 * The nearest chunks to a (validated) query vector, scored 1 − cosine distance / 2. `annRows` is
 * the row count the table's ANN index was trained on (0: none, a flat scan).
 */
export async function vectorSearch(
  table: lancedb.Table,
  vector: Float32Array,
  options: { limit: number; where?: string; annRows: number },
): Promise<ChunkHit[]> {
  const trained = options.annRows;
  // The score columns are selected by name: left implicit, Lance logs a deprecation warning per query.
  // A query's distance must be the index's for LanceDB to use the index (else it scans flat).
  let query = table
    .vectorSearch(Array.from(unitCopy(vector)))
    .distanceType(trained > 0 ? ANN_DISTANCE : DISTANCE)
    .select([...HIT_COLUMNS, "_distance"])
    .limit(options.limit);
  // With the ANN index: a wide HNSW beam over every partition, then limit × refine candidates
  // re-ranked on the full vectors, so the top-k order is exact among them (rows not yet in the
  // index are scanned flat by LanceDB and merged).
  if (trained > 0) query = query.nprobes(annPartitions(trained)).ef(ANN_EF).refineFactor(ANN_REFINE);
  if (options.where) query = query.where(options.where);
  const rows = (await query.toArray()) as Array<Record<string, unknown>>;
  return rows.map((row) => fromRow(row, clamp01(1 - Number(row._distance ?? 2) / 2)));
}
