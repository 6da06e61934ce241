import type Database from "better-sqlite3";
import type { Collection, Source } from "../../../shared/knowledge.js";
import { JsonObjectSchema, parseJson } from "../../../shared/parseJson.js";
import type { RawChunk } from "./ingest/RawChunk.js";
import { ensureKnowledgeTables } from "./knowledgeTables.js";

/** A chunk row of app.db: the source of truth the LanceDB index is rebuilt from. */
export interface StoredChunk extends RawChunk {
  id: string;
  sourceId: string;
  collection: Collection;
  idx: number;
  meta: Record<string, unknown>;
}

interface SourceRow {
  id: string;
  path: string;
  collection: string;
  kind: string;
  content_hash: string;
  chunk_count: number;
  ingested_at: string;
}

/** app.db access for `sources` and `chunks`. Writes for one source happen in one transaction. */
export class SourceRepository {
  constructor(private readonly db: Database.Database) {
    ensureKnowledgeTables(db);
  }

  get(id: string): Source | undefined {
    const row = this.db.prepare("SELECT * FROM sources WHERE id = ?").get(id) as SourceRow | undefined;
    return row ? toSource(row) : undefined;
  }

  list(collection?: Collection): Source[] {
    const rows = (
      collection
        ? this.db.prepare("SELECT * FROM sources WHERE collection = ? ORDER BY path").all(collection)
        : this.db.prepare("SELECT * FROM sources ORDER BY collection, path").all()
    ) as SourceRow[];
    return rows.map(toSource);
  }

  /** Replaces a source and all its chunks atomically. */
  save(source: { id: string; path: string; collection: Collection; kind: string; contentHash: string }, chunks: StoredChunk[]): void {
    const write = this.db.transaction(() => {
      // The source row first: chunks reference it (a foreign key in AppDb's schema).
      this.db
        .prepare(
          `INSERT INTO sources (id, path, collection, kind, content_hash, chunk_count, ingested_at, meta)
           VALUES (@id, @path, @collection, @kind, @contentHash, @count, @now, '{}')
           ON CONFLICT(id) DO UPDATE SET path = excluded.path, kind = excluded.kind,
             content_hash = excluded.content_hash, chunk_count = excluded.chunk_count,
             ingested_at = excluded.ingested_at`,
        )
        .run({ ...source, count: chunks.length, now: new Date().toISOString() });
      this.db.prepare("DELETE FROM chunks WHERE source_id = ?").run(source.id);
      const insert = this.db.prepare(
        "INSERT INTO chunks (id, source_id, collection, idx, text, meta) VALUES (?, ?, ?, ?, ?, ?)",
      );
      for (const chunk of chunks) {
        insert.run(chunk.id, source.id, source.collection, chunk.idx, chunk.text, JSON.stringify(chunkMeta(chunk)));
      }
    });
    write();
  }

  delete(id: string): void {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM chunks WHERE source_id = ?").run(id);
      this.db.prepare("DELETE FROM sources WHERE id = ?").run(id);
    })();
  }

  chunkCount(collection: Collection): number {
    const row = this.db.prepare("SELECT count(*) AS n FROM chunks WHERE collection = ?").get(collection) as { n: number };
    return row.n;
  }

  /** All chunks of a collection in pages of `pageSize`, ordered by source then index. */
  *chunks(collection: Collection, pageSize = 256): Generator<StoredChunk[]> {
    const page = this.db.prepare(
      "SELECT * FROM chunks WHERE collection = ? AND (source_id, idx) > (?, ?) ORDER BY source_id, idx LIMIT ?",
    );
    let after: [string, number] = ["", -1];
    for (;;) {
      const rows = page.all(collection, after[0], after[1], pageSize) as Array<{
        id: string; source_id: string; collection: string; idx: number; text: string; meta: string | null;
      }>;
      if (rows.length === 0) return;
      yield rows.map((row) => fromChunkRow(row));
      const last = rows[rows.length - 1]!;
      after = [last.source_id, last.idx];
    }
  }
}

function chunkMeta(chunk: StoredChunk): Record<string, unknown> {
  return {
    ...chunk.meta,
    headingPath: chunk.headingPath,
    page: chunk.page,
    lineStart: chunk.lineStart,
    lineEnd: chunk.lineEnd,
    lang: chunk.lang,
  };
}

function fromChunkRow(row: { id: string; source_id: string; collection: string; idx: number; text: string; meta: string | null }): StoredChunk {
  let meta: Record<string, unknown> = {};
  try {
    meta = parseJson(JsonObjectSchema, row.meta ?? "{}", `the meta of chunk ${row.id}`);
  } catch {
    // Keep the text: it is what matters for the index.
  }
  const { headingPath, page, lineStart, lineEnd, lang, ...rest } = meta;
  const int = (value: unknown) => (typeof value === "number" ? value : null);
  return {
    id: row.id,
    sourceId: row.source_id,
    collection: row.collection as Collection,
    idx: row.idx,
    text: row.text,
    headingPath: typeof headingPath === "string" ? headingPath : "",
    page: int(page),
    lineStart: int(lineStart),
    lineEnd: int(lineEnd),
    lang: typeof lang === "string" ? lang : "",
    meta: rest,
  };
}

function toSource(row: SourceRow): Source {
  return {
    id: row.id,
    path: row.path,
    collection: row.collection as Source["collection"],
    kind: row.kind,
    chunkCount: row.chunk_count,
    contentHash: row.content_hash,
    ingestedAt: row.ingested_at,
  };
}
