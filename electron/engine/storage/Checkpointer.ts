import path from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { openDurableSqlite } from "./AppDb.js";
import { isCorruptionError, quarantine, type StartupRepair } from "./quarantine.js";

/** File name of the LangGraph checkpoint database inside the data dir. */
export const CHECKPOINTS_DB_FILE = "checkpoints.db";

/**
 * LangGraph's SqliteSaver on `<dataDir>/checkpoints.db`. The saver only sets WAL; we open the
 * handle ourselves to add `synchronous=FULL` and a busy timeout, so a paused session survives
 * a power cut and not just a crash. Requires checkpoint-sqlite ≥ 1.0.4 (putWrites idx fix, #2516).
 */
export class Checkpointer {
  readonly saver: SqliteSaver;
  readonly file: string;

  /** Set when the file was found damaged at open and replaced by a fresh one. */
  readonly repair: StartupRepair | null = null;

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
    this.saver = new SqliteSaver(db);
  }

  /** Remove every checkpoint and pending write of a session. */
  async deleteThread(threadId: string): Promise<void> {
    await this.saver.deleteThread(threadId);
  }

  close(): void {
    if (this.saver.db.open) this.saver.db.close();
  }
}
