import fs from "node:fs";
import path from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import type Database from "better-sqlite3";
import { APP_DB_FILE, openDurableSqlite } from "./AppDb.js";
import { isCorruptionError, quarantine, type StartupRepair } from "./quarantine.js";

/** Where checkpoints lived before they moved into app.db; imported once at start, then removed. */
export const LEGACY_CHECKPOINTS_DB_FILE = "checkpoints.db";

/** The saver's tables in app.db (created by a migration with the saver's own DDL). */
export const CHECKPOINT_TABLES: ReadonlySet<string> = new Set(["checkpoints", "writes"]);

/**
 * LangGraph's SqliteSaver on its own connection to `<dataDir>/app.db` (opened and migrated by
 * AppDb first). One database file means one WAL, and SQLite appends every connection's commits to
 * it in order and recovers a prefix of it after a power cut. That gives durability in two steps
 * with no fsync of the checkpoints' own:
 * - this connection commits with `synchronous=NORMAL`: durable across a crash or `kill -9` in WAL
 *   mode (SQLite: "durable across application crashes regardless of the synchronous setting");
 * - the runner announces every pause and end with a `synchronous=FULL` commit on the app's
 *   connection (`await_user`, `done`, `error`), whose fsync of the WAL covers every checkpoint
 *   written before it. So a power cut loses at most the steps since the last pause (the run redoes
 *   them), never a pause the user saw or an answer, and never an announced pause without its
 *   checkpoint. (With checkpoints in a file of their own this took a second fsync per pause.)
 * Requires checkpoint-sqlite ≥ 1.0.4 (putWrites idx fix, #2516).
 */
export class Checkpointer {
  readonly saver: SqliteSaver;
  /** The database file the checkpoints are in (app.db). */
  readonly file: string;

  /** Set when a legacy checkpoints.db was found damaged and could not be imported. */
  readonly repair: StartupRepair | null;

  private prune: ((threadId: string) => void) | null = null;

  constructor(dataDir: string) {
    this.file = path.resolve(dataDir, APP_DB_FILE);
    const db = openDurableSqlite(this.file);
    try {
      // At FULL still (openDurableSqlite's level): the import commits before the old file goes.
      this.repair = importLegacyCheckpoints(db, path.resolve(dataDir, LEGACY_CHECKPOINTS_DB_FILE));
    } catch (error) {
      db.close();
      throw error;
    }
    db.pragma("synchronous = NORMAL");
    this.saver = new SqliteSaver(db);
  }

  /**
   * Keep only a thread's latest checkpoint and its pending writes, for a run that has ended: the
   * saver stores the whole state at every superstep (langgraphjs #594), and getState, retry and
   * redirect read only the latest. Bounds app.db's growth (and its quick_check at start) to about
   * one state per session. Commits at NORMAL: the end's FULL commit follows.
   */
  pruneHistory(threadId: string): void {
    this.prune ??= this.preparePrune();
    this.prune(threadId);
  }

  /** Prepared on first use: the saver's tables exist by then (app.db's migration, or the saver's own setup). */
  private preparePrune(): (threadId: string) => void {
    const db = this.saver.db;
    const latest = "SELECT max(checkpoint_id) FROM checkpoints WHERE thread_id = :thread GROUP BY checkpoint_ns";
    const writes = db.prepare(`DELETE FROM writes WHERE thread_id = :thread AND checkpoint_id NOT IN (${latest})`);
    const checkpoints = db.prepare(`DELETE FROM checkpoints WHERE thread_id = :thread AND checkpoint_id NOT IN (${latest})`);
    return db.transaction((thread: string) => {
      writes.run({ thread });
      checkpoints.run({ thread });
    });
  }

  /** Remove every checkpoint and pending write of a session. */
  async deleteThread(threadId: string): Promise<void> {
    await this.saver.deleteThread(threadId);
  }

  close(): void {
    if (this.saver.db.open) this.saver.db.close();
  }
}

/**
 * Copy the checkpoints of a data dir written before they moved into app.db (`checkpoints.db`,
 * same saver schema) into app.db in one FULL transaction, then delete the old file. Idempotent
 * (INSERT OR IGNORE on the saver's primary keys), so a crash between the copy and the delete only
 * repeats the copy. A damaged old file is kept aside as `<file>.corrupt-<time>`: its sessions lost
 * their place, which the returned repair says (the engine marks them interrupted).
 */
function importLegacyCheckpoints(db: Database.Database, legacyFile: string): StartupRepair | null {
  if (!fs.existsSync(legacyFile)) return null;
  try {
    db.prepare("ATTACH DATABASE ? AS legacy").run(legacyFile);
    try {
      const present = new Set((db.prepare("SELECT name FROM legacy.sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((r) => r.name));
      db.transaction(() => {
        for (const table of CHECKPOINT_TABLES) {
          if (!present.has(table)) continue;
          const columns = (db.pragma(`main.table_info(${table})`) as Array<{ name: string }>).map((c) => `"${c.name}"`).join(", ");
          db.exec(`INSERT OR IGNORE INTO main.${table} (${columns}) SELECT ${columns} FROM legacy.${table}`);
        }
      })();
    } finally {
      db.exec("DETACH DATABASE legacy");
    }
  } catch (error) {
    if (!isCorruptionError(error)) throw error;
    const keptAs = quarantine(legacyFile);
    console.warn(`[Checkpointer] ${legacyFile} is damaged; kept as ${keptAs}, its checkpoints are not imported`);
    return {
      file: legacyFile,
      problem: error instanceof Error ? error.message : String(error),
      keptAs,
      action: "its checkpoints could not be moved into app.db; sessions that were paused or running lost their place and are marked interrupted (their events and versions are kept)",
    };
  }
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(legacyFile + suffix, { force: true });
  return null;
}
