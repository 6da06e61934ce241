import type * as lancedb from "@lancedb/lancedb";
import type { Schema } from "apache-arrow";
import { withCommitRetry } from "./remoteLibrary.js";

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
 */
export async function createShared(db: lancedb.Connection, name: string, schema: Schema): Promise<lancedb.Table> {
  let table: lancedb.Table;
  try {
    table = await db.createEmptyTable(name, schema, { mode: "create" });
  } catch (error) {
    if (!/already exists/i.test(error instanceof Error ? error.message : String(error))) throw error;
    return db.openTable(name);
  }
  const created = await table.version();
  if (created > 1) await restoreReplaced(db, name, table, created - 1);
  return table;
}

/** Adds back the rows the table held at `before` (the version our create replaced) that it lacks now. */
async function restoreReplaced(db: lancedb.Connection, name: string, table: lancedb.Table, before: number): Promise<void> {
  const old = await db.openTable(name);
  try {
    await old.checkout(before);
    const present = ((await table.query().select(["id"]).toArray()) as Array<{ id: string }>).map((row) => String(row.id));
    let query = old.query();
    if (present.length > 0) query = query.where(`id NOT IN (${present.map((id) => `'${id.replace(/'/g, "''")}'`).join(", ")})`);
    const lost = await query.toArrow();
    // Retried here, not by the caller: a caller's retry would find the table and just open it.
    if (lost.numRows > 0) await withCommitRetry(() => table.add(lost));
  } finally {
    old.close();
  }
}
