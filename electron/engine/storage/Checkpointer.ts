import path from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import type Database from "better-sqlite3";
import { openDurableSqlite } from "./AppDb.js";
import { isCorruptionError, quarantine, type StartupRepair } from "./quarantine.js";

/** File name of the LangGraph checkpoint database inside the data dir. */
export const CHECKPOINTS_DB_FILE = "checkpoints.db";

/**
 * LangGraph's SqliteSaver on `<dataDir>/checkpoints.db`. The saver only sets WAL; we open the
 * handle ourselves to add a busy timeout and choose durability in two steps:
 * - while a run is between pauses its checkpoints commit with `synchronous=NORMAL`: in WAL mode
 *   that is durable across a crash or `kill -9` (SQLite: "durable across application crashes
 *   regardless of the synchronous setting") and saves an fsync per write (~27 per docgen run);
 * - at every pause and end the runner calls `makeDurable`, a `synchronous=FULL` commit, which
 *   fsyncs the WAL and with it every checkpoint written before. So a power cut loses at most the
 *   steps since the last pause (the run redoes them), never a pause the user saw or an answer.
 * Requires checkpoint-sqlite ≥ 1.0.4 (putWrites idx fix, #2516).
 */
export class Checkpointer {
  readonly saver: SqliteSaver;
  readonly file: string;

  /** Set when the file was found damaged at open and replaced by a fresh one. */
  readonly repair: StartupRepair | null = null;

  private readonly markDurable: Database.Statement;

  constructor(dataDir: string) {
    this.file = path.resolve(dataDir, CHECKPOINTS_DB_FILE);
    let db;
    try {
      db = openDurableSqlite(this.file);
      // The saver's own tables must be readable too (a damaged page fails here, not mid-run).
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    } catch (error) {
      if (!isCorruptionError(error)) throw error;
      const keptAs = quarantine(this.file);
      this.repair = {
        file: this.file,
        problem: error instanceof Error ? error.message : String(error),
        keptAs,
        action: "started a fresh checkpoints.db; sessions that were paused or running lost their place and are marked interrupted (their events and versions are kept)",
      };
      console.warn(`[Checkpointer] ${this.file} is damaged; kept as ${keptAs}, starting fresh`);
      db = openDurableSqlite(this.file);
    }
    db.pragma("synchronous = NORMAL");
    db.exec("CREATE TABLE IF NOT EXISTS durable_marks (thread_id TEXT PRIMARY KEY, at TEXT NOT NULL)");
    this.markDurable = db.prepare("INSERT INTO durable_marks(thread_id, at) VALUES (?, ?) ON CONFLICT(thread_id) DO UPDATE SET at = excluded.at");
    this.saver = new SqliteSaver(db);
  }

  /**
   * Make every checkpoint written so far survive a power cut: one `synchronous=FULL` commit fsyncs
   * the whole WAL file, the NORMAL commits before it included. Called before a pause or an end is
   * announced. The mark row records when the session last reached such a point.
   */
  makeDurable(threadId: string): void {
    // `exec`: SQLite applies this pragma when it is prepared, so a kept prepared statement would not.
    this.saver.db.exec("PRAGMA synchronous = FULL");
    try {
      this.markDurable.run(threadId, new Date().toISOString());
    } finally {
      this.saver.db.exec("PRAGMA synchronous = NORMAL");
    }
  }

  /** Remove every checkpoint and pending write of a session. */
  async deleteThread(threadId: string): Promise<void> {
    await this.saver.deleteThread(threadId);
    this.saver.db.prepare("DELETE FROM durable_marks WHERE thread_id = ?").run(threadId);
  }

  close(): void {
    if (this.saver.db.open) this.saver.db.close();
  }
}
