import path from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { openDurableSqlite } from "./AppDb.js";

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

  constructor(dataDir: string) {
    this.file = path.resolve(dataDir, CHECKPOINTS_DB_FILE);
    this.saver = new SqliteSaver(openDurableSqlite(this.file));
  }

  /** Remove every checkpoint and pending write of a session. */
  async deleteThread(threadId: string): Promise<void> {
    await this.saver.deleteThread(threadId);
  }

  close(): void {
    if (this.saver.db.open) this.saver.db.close();
  }
}
