/**
 * Versioned schema of `app.db`'s core tables (a workflow declares its own: namespaceMigrations.ts).
 * `PRAGMA user_version` holds the number of applied steps; each
 * step runs in one transaction, so a crash mid-migration leaves the previous version intact.
 * Append new steps; never edit a shipped one (a step moved to a namespace leaves an empty one).
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE settings (
    key  TEXT PRIMARY KEY,
    json TEXT NOT NULL
  );
  CREATE TABLE sessions (
    id          TEXT PRIMARY KEY,
    workflow    TEXT NOT NULL,
    title       TEXT NOT NULL,
    status      TEXT NOT NULL,
    pause_point TEXT,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    input       TEXT NOT NULL,
    last_seq    INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX sessions_updated ON sessions(updated_at);
  -- No foreign key: the "system" stream (downloads, ingest) has no session row.
  CREATE TABLE events (
    session_id TEXT NOT NULL,
    seq        INTEGER NOT NULL,
    type       TEXT NOT NULL,
    ts         TEXT NOT NULL,
    json       TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
  ) WITHOUT ROWID;
  -- Documents and versions are deleted with their session by SessionStore's caller (no FK, so a
  -- workflow test may store versions without a session row).
  CREATE TABLE documents (
    session_id TEXT PRIMARY KEY,
    title      TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE versions (
    session_id TEXT NOT NULL,
    number     INTEGER NOT NULL,
    reason     TEXT NOT NULL,
    created_at TEXT NOT NULL,
    markdown   TEXT NOT NULL,
    scores     TEXT,
    PRIMARY KEY (session_id, number)
  );
  CREATE TABLE embedding_cache (
    content_hash TEXT NOT NULL,
    model_id     TEXT NOT NULL,
    dims         INTEGER NOT NULL,
    vector       BLOB NOT NULL,
    PRIMARY KEY (content_hash, model_id)
  ) WITHOUT ROWID;
  CREATE TABLE sources (
    id           TEXT PRIMARY KEY,
    path         TEXT NOT NULL,
    collection   TEXT NOT NULL,
    kind         TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    chunk_count  INTEGER NOT NULL DEFAULT 0,
    ingested_at  TEXT NOT NULL,
    meta         TEXT NOT NULL DEFAULT '{}'
  );
  CREATE INDEX sources_collection ON sources(collection);
  CREATE TABLE chunks (
    id         TEXT PRIMARY KEY,
    source_id  TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    collection TEXT NOT NULL,
    idx        INTEGER NOT NULL,
    text       TEXT NOT NULL,
    meta       TEXT NOT NULL DEFAULT '{}'
  );
  CREATE INDEX chunks_source ON chunks(source_id, idx);
  `,
  // Knowledge listings and re-indexing select chunks by collection.
  `CREATE INDEX IF NOT EXISTS chunks_collection ON chunks(collection);`,
  // Moved out: a workflow's tables, now that workflow's own namespaced steps (`migrations` of its
  // definition). Kept as an empty step so the global numbering of databases made before stays valid.
  "",
  `
  -- LangGraph's checkpoints, moved here from checkpoints.db (Checkpointer.ts): one database, one
  -- WAL, so a pause's FULL commit in app.db also fsyncs the checkpoints written before it. The DDL
  -- is @langchain/langgraph-checkpoint-sqlite 1.0.4's own (IF NOT EXISTS: either side may create them first).
  CREATE TABLE IF NOT EXISTS checkpoints (
    thread_id TEXT NOT NULL,
    checkpoint_ns TEXT NOT NULL DEFAULT '',
    checkpoint_id TEXT NOT NULL,
    parent_checkpoint_id TEXT,
    type TEXT,
    checkpoint BLOB,
    metadata BLOB,
    PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id)
  );
  CREATE TABLE IF NOT EXISTS writes (
    thread_id TEXT NOT NULL,
    checkpoint_ns TEXT NOT NULL DEFAULT '',
    checkpoint_id TEXT NOT NULL,
    task_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    channel TEXT NOT NULL,
    type TEXT,
    value BLOB,
    PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx)
  );
  `,
  `
  -- Folder-bound collections (FolderSync.ts): a bound folder, and the state of each file in it, so
  -- a restart resumes where the last run stopped (a file marked pending was being indexed).
  CREATE TABLE folder_bindings (
    id         TEXT PRIMARY KEY,
    path       TEXT NOT NULL,
    collection TEXT NOT NULL,
    paused     INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    UNIQUE (path, collection)
  );
  CREATE TABLE folder_files (
    binding_id   TEXT NOT NULL,
    rel_path     TEXT NOT NULL,
    source_id    TEXT NOT NULL,
    state        TEXT NOT NULL,
    content_hash TEXT,
    error        TEXT,
    updated_at   TEXT NOT NULL,
    PRIMARY KEY (binding_id, rel_path)
  ) WITHOUT ROWID;
  `,
  // Moved out: a workflow's tables, now that workflow's own namespaced steps (`migrations` of its
  // definition). Kept as an empty step so the global numbering of databases made before stays valid.
  "",
  // Moved out: a workflow's tables, now that workflow's own namespaced steps (`migrations` of its
  // definition). Kept as an empty step so the global numbering of databases made before stays valid.
  "",
  `
  -- Each workflow's tables migrate in their own namespace (namespaceMigrations.ts): its version
  -- is a row here. The row '' keeps the global version a database had reached before this step,
  -- so steps that earlier versions ran from this list are not run again.
  CREATE TABLE schema_namespaces (
    namespace TEXT PRIMARY KEY,
    version   INTEGER NOT NULL
  );
  `,
];
