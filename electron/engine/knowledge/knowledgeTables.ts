import type Database from "better-sqlite3";
import { migrate } from "../storage/AppDb.js";

/**
 * Makes sure the app.db tables the knowledge layer uses (`embedding_cache`, `sources`, `chunks`)
 * exist, by running the app's own migrations: one schema, so a bare better-sqlite3 handle (tests,
 * CLI tools) and the engine's `app.db` can never drift apart. A no-op on a migrated database.
 */
export function ensureKnowledgeTables(db: Database.Database): void {
  migrate(db);
}
