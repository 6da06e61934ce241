import type Database from "better-sqlite3";

/**
 * Creates the app.db tables the knowledge layer needs when they are missing. `storage/AppDb.ts`
 * creates the same tables in its migrations; this keeps the knowledge layer usable on a bare
 * better-sqlite3 handle (tests, CLI tools) and is a no-op once the migrations have run. Columns
 * must stay identical to the AppDb migration (storage/migrations.ts).
 */
export function ensureKnowledgeTables(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS embedding_cache (
      content_hash TEXT NOT NULL,
      model_id TEXT NOT NULL,
      dims INTEGER NOT NULL,
      vector BLOB NOT NULL,
      PRIMARY KEY (content_hash, model_id)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS sources (
      id TEXT PRIMARY KEY,
      path TEXT NOT NULL,
      collection TEXT NOT NULL,
      kind TEXT NOT NULL,
      content_hash TEXT NOT NULL,
      chunk_count INTEGER NOT NULL DEFAULT 0,
      ingested_at TEXT NOT NULL,
      meta TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX IF NOT EXISTS sources_collection ON sources(collection);
    CREATE TABLE IF NOT EXISTS chunks (
      id TEXT PRIMARY KEY,
      source_id TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
      collection TEXT NOT NULL,
      idx INTEGER NOT NULL,
      text TEXT NOT NULL,
      meta TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX IF NOT EXISTS chunks_source ON chunks(source_id, idx);
    CREATE INDEX IF NOT EXISTS chunks_collection ON chunks(collection);
  `);
}
