import type * as lancedb from "@lancedb/lancedb";
import type { Schema } from "apache-arrow";

/**
 * Creates a shared table, or opens the one another writer created first — without losing that
 * writer's first rows.
 *
 * Lance checks that the table is missing, then commits the create as an Overwrite. When another
 * writer's create commits in between, Lance does not fail ours: an Overwrite is compatible with
 * every earlier commit, so it is rebased and lands as a later version — an empty table over the
 * other writer's create and whatever it appended meanwhile (measured with two LanceDB writers on
 * versitygw: bench/lib/teamRaceStress.ts). LanceDB's `existOk` does not help, it only catches a
 * table that existed at the check. So: a create that succeeded at a version after the first one
 * replaced a table another writer had made, and the rows that table held just before are added
 * back (only the writer whose create replaced them does this, so nothing is added twice).
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
    if (lost.numRows > 0) await table.add(lost);
  } finally {
    old.close();
  }
}
