import path from "node:path";
import Database from "better-sqlite3";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { LEGACY_CHECKPOINTS_DB_FILE } from "../../../electron/engine/storage/Checkpointer.js";

/**
 * Turn a closed data dir into the layout of a build before checkpoints moved into app.db: the
 * saver's tables, with the saver's own schema, in `checkpoints.db`, and none left in app.db.
 */
export async function moveCheckpointsToLegacyFile(dataDir: string): Promise<void> {
  const legacyFile = path.join(dataDir, LEGACY_CHECKPOINTS_DB_FILE);
  const saver = new SqliteSaver(new Database(legacyFile));
  await saver.getTuple({ configurable: { thread_id: "schema" } }); // the saver creates its tables on first use
  saver.db.close();
  const app = new Database(path.join(dataDir, "app.db"));
  try {
    app.prepare("ATTACH DATABASE ? AS legacy").run(legacyFile);
    for (const table of ["checkpoints", "writes"]) app.exec(`INSERT INTO legacy.${table} SELECT * FROM main.${table}; DELETE FROM main.${table};`);
    app.exec("DETACH DATABASE legacy");
  } finally {
    app.close();
  }
}
