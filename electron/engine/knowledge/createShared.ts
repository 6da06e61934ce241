import { randomUUID } from "node:crypto";
import type * as lancedb from "@lancedb/lancedb";
import { Schema } from "apache-arrow";
import { withCommitRetry } from "./remoteLibrary.js";

/**
 * Schema metadata naming the create that made a version's schema: a fresh id per create, so a
 * writer can find its own create among the table's versions (the next create replaces it).
 */
export const CREATE_ID_KEY = "scriptorium.create_id";

/**
 * Creates a shared table, or opens the one another writer created first — without wiping that
 * writer's first rows.
 *
 * Lance creates a table in two steps: it checks that the table is missing, then loads the latest
 * version and commits the create as an Overwrite on top of it. When another writer creates the
 * table and imports in between, that load finds their commits and the Overwrite lands after them:
 * an empty table over their rows, with no error on either side (tests/team/teamLibrary.test.ts forces the interleaving; LanceDB's `existOk`
 * only catches a table that existed at the check). So a create that succeeded at a version after
 * the first one replaced a table another writer had made: the rows that table held just before are
 * added back here, by the one writer whose create replaced them, so nothing is added twice.
 *
 * The create's version is looked up by its id, not read as the table's version: that read gives
 * the newest one, and a third writer (or the first one's next import) may have committed since.
 */
export async function createShared(db: lancedb.Connection, name: string, schema: Schema): Promise<lancedb.Table> {
  const createId = randomUUID();
  const tagged = new Schema(schema.fields, new Map([...schema.metadata, [CREATE_ID_KEY, createId]]));
  let table: lancedb.Table;
  try {
    table = await db.createEmptyTable(name, tagged, { mode: "create" });
  } catch (error) {
    if (!/already exists/i.test(error instanceof Error ? error.message : String(error))) throw error;
    return db.openTable(name);
  }
  const old = await db.openTable(name);
  try {
    const created = await createdVersion(old, createId);
    if (created > 1) await restoreReplaced(old, table, created - 1);
  } finally {
    old.close();
  }
  return table;
}

/**
 * The version our create committed: the oldest of the newest run of versions whose schema carries
 * our create id (every version after it keeps the id until another create replaces the schema).
 */
async function createdVersion(history: lancedb.Table, createId: string): Promise<number> {
  const versions = (await history.listVersions()).map((entry) => entry.version).sort((a, b) => b - a);
  let created: number | undefined;
  for (const version of versions) {
    await history.checkout(version);
    if ((await history.schema()).metadata.get(CREATE_ID_KEY) === createId) created = version;
    else if (created !== undefined) break;
  }
  // Only a clean-up of old versions could remove it, and none runs on a table this young.
  if (created === undefined) throw new Error(`createShared: no version of the table carries this create (${createId}); its versions were cleaned up`);
  return created;
}

/** Adds back the rows the table held at `before` (the version our create replaced) that it lacks now. */
async function restoreReplaced(old: lancedb.Table, table: lancedb.Table, before: number): Promise<void> {
  await old.checkout(before);
  const present = ((await table.query().select(["id"]).toArray()) as Array<{ id: string }>).map((row) => String(row.id));
  let query = old.query();
  if (present.length > 0) query = query.where(`id NOT IN (${present.map((id) => `'${id.replace(/'/g, "''")}'`).join(", ")})`);
  const lost = await query.toArrow();
  // Retried here, not by the caller: a caller's retry would find the table and just open it.
  if (lost.numRows > 0) await withCommitRetry(() => table.add(lost));
}
