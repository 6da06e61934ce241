import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { Collection } from "../../../shared/knowledge.js";
import type { FolderBinding, FolderFileState } from "../../../shared/knowledge.js";
import { ensureKnowledgeTables } from "./knowledgeTables.js";

interface BindingRow {
  id: string;
  path: string;
  collection: Collection;
  paused: number;
  created_at: string;
}

export interface FolderFileRow {
  relPath: string;
  sourceId: string;
  state: FolderFileState;
  contentHash: string | null;
  error: string | null;
}

/** app.db's `folder_bindings` and `folder_files`: the bound folders and what is known of each file. */
export class FolderBindingRepository {
  constructor(private readonly db: Database.Database) {
    ensureKnowledgeTables(db);
  }

  list(): FolderBinding[] {
    const rows = this.db.prepare("SELECT * FROM folder_bindings ORDER BY created_at, path").all() as BindingRow[];
    return rows.map((row) => this.toBinding(row));
  }

  get(id: string): FolderBinding | undefined {
    const row = this.db.prepare("SELECT * FROM folder_bindings WHERE id = ?").get(id) as BindingRow | undefined;
    return row ? this.toBinding(row) : undefined;
  }

  find(folder: string, collection: Collection): FolderBinding | undefined {
    const row = this.db.prepare("SELECT * FROM folder_bindings WHERE path = ? AND collection = ?").get(folder, collection) as
      | BindingRow
      | undefined;
    return row ? this.toBinding(row) : undefined;
  }

  create(folder: string, collection: Collection): FolderBinding {
    const id = `folder-${randomUUID()}`;
    this.db
      .prepare("INSERT INTO folder_bindings (id, path, collection, paused, created_at) VALUES (?, ?, ?, 0, ?)")
      .run(id, folder, collection, new Date().toISOString());
    return this.get(id)!;
  }

  setPaused(id: string, paused: boolean): void {
    this.db.prepare("UPDATE folder_bindings SET paused = ? WHERE id = ?").run(paused ? 1 : 0, id);
  }

  delete(id: string): void {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM folder_files WHERE binding_id = ?").run(id);
      this.db.prepare("DELETE FROM folder_bindings WHERE id = ?").run(id);
    })();
  }

  files(bindingId: string): FolderFileRow[] {
    const rows = this.db
      .prepare("SELECT rel_path, source_id, state, content_hash, error FROM folder_files WHERE binding_id = ? ORDER BY rel_path")
      .all(bindingId) as Array<{ rel_path: string; source_id: string; state: FolderFileState; content_hash: string | null; error: string | null }>;
    return rows.map((row) => ({
      relPath: row.rel_path,
      sourceId: row.source_id,
      state: row.state,
      contentHash: row.content_hash,
      error: row.error,
    }));
  }

  /** Records a file's state; `pending` is written before indexing so a crash leaves a trace. */
  setFile(bindingId: string, file: FolderFileRow): void {
    this.db
      .prepare(
        `INSERT INTO folder_files (binding_id, rel_path, source_id, state, content_hash, error, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(binding_id, rel_path) DO UPDATE SET source_id = excluded.source_id, state = excluded.state,
           content_hash = excluded.content_hash, error = excluded.error, updated_at = excluded.updated_at`,
      )
      .run(bindingId, file.relPath, file.sourceId, file.state, file.contentHash, file.error, new Date().toISOString());
  }

  deleteFile(bindingId: string, relPath: string): void {
    this.db.prepare("DELETE FROM folder_files WHERE binding_id = ? AND rel_path = ?").run(bindingId, relPath);
  }

  private toBinding(row: BindingRow): FolderBinding {
    const counts = this.db
      .prepare("SELECT state, count(*) AS n FROM folder_files WHERE binding_id = ? GROUP BY state")
      .all(row.id) as Array<{ state: FolderFileState; n: number }>;
    const failed = this.db
      .prepare("SELECT rel_path, error FROM folder_files WHERE binding_id = ? AND state = 'failed' ORDER BY rel_path LIMIT 200")
      .all(row.id) as Array<{ rel_path: string; error: string | null }>;
    const count = (state: FolderFileState) => counts.find((c) => c.state === state)?.n ?? 0;
    return {
      id: row.id,
      path: row.path,
      collection: row.collection,
      paused: row.paused === 1,
      createdAt: row.created_at,
      indexed: count("indexed"),
      pending: count("pending"),
      failed: failed.map((f) => ({ path: f.rel_path, error: f.error ?? "unknown error" })),
    };
  }
}
