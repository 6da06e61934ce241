import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { ScriptoriumError } from "../../../shared/errors.js";
import { ensureKnowledgeTables } from "./knowledgeTables.js";

/** SHA-256 of a chunk's text: the cache key, and the change detector for sources. */
export function contentHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * Persistent embedding cache in app.db (`embedding_cache`), keyed by (content hash, model id),
 * so an unchanged chunk is never embedded twice, across re-ingests and restarts.
 */
export class EmbeddingCache {
  private readonly getStmt: Database.Statement<[string, string], { dims: number; vector: Buffer }>;
  private readonly putStmt: Database.Statement<[string, string, number, Buffer]>;

  constructor(db: Database.Database) {
    ensureKnowledgeTables(db);
    this.getStmt = db.prepare("SELECT dims, vector FROM embedding_cache WHERE content_hash = ? AND model_id = ?");
    this.putStmt = db.prepare(
      "INSERT OR REPLACE INTO embedding_cache (content_hash, model_id, dims, vector) VALUES (?, ?, ?, ?)",
    );
  }

  /** The cached vector, or undefined; a cached vector of another size is an error (the model id lied). */
  get(hash: string, modelId: string, dims: number): Float32Array | undefined {
    const row = this.getStmt.get(hash, modelId);
    if (!row) return undefined;
    if (row.dims !== dims || row.vector.byteLength !== dims * 4) {
      throw new ScriptoriumError(
        "internal",
        `Embedding cache dimension mismatch for model ${modelId}: expected ${dims}, cached ${row.dims}.`,
      );
    }
    // Copy out of the Buffer: its backing store may be shared and unaligned.
    const copy = new Uint8Array(row.vector.byteLength);
    copy.set(row.vector);
    return new Float32Array(copy.buffer);
  }

  put(hash: string, modelId: string, vector: Float32Array): void {
    this.putStmt.run(hash, modelId, vector.length, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
  }
}
