import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

/** What was copied from one table of a damaged database. */
export interface SalvagedTable {
  table: string;
  /** Rows copied into the fresh database. */
  rows: number;
  /** False when a scan hit an unreadable page (rows stored on it are lost). */
  complete: boolean;
}

export interface SalvageReport {
  tables: SalvagedTable[];
  /** Rows copied, all tables together. */
  rows: number;
  /** Copied rows dropped again because the row they refer to (a paper, a source) was lost. */
  orphansDropped: number;
  /** Why nothing could be read at all (e.g. the first page, which holds the schema, is gone). */
  unreadable?: string;
}

/**
 * Copies every readable row of a damaged SQLite file into `target` (a fresh, migrated database),
 * table by table and row by row. Each table is read forward in key order until the first
 * unreadable page, then backward from the other end until it meets the damage again, so one
 * damaged region costs only the rows stored on it; rows between two separate damaged regions of
 * one table are not reached. Only columns both schemas have are copied (the damaged file may be
 * an older schema version); rows whose parent row was lost are dropped afterwards so the foreign
 * keys hold. The damaged file itself is never opened for writing: a scratch copy is read.
 */
export function salvageInto(target: Database.Database, damagedFile: string): SalvageReport {
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-salvage-"));
  const scratch = path.join(scratchDir, "damaged.db");
  const report: SalvageReport = { tables: [], rows: 0, orphansDropped: 0 };
  let source: Database.Database | undefined;
  try {
    fs.copyFileSync(damagedFile, scratch);
    if (fs.existsSync(`${damagedFile}-wal`)) fs.copyFileSync(`${damagedFile}-wal`, `${scratch}-wal`);
    try {
      source = new Database(scratch);
      source.prepare("SELECT count(*) FROM sqlite_master").get();
    } catch (error) {
      report.unreadable = error instanceof Error ? error.message : String(error);
      return report;
    }
    const sourceTables = new Set((source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((r) => r.name));
    const tables = target.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid").all() as Array<{ name: string; sql: string }>;
    const foreignKeys = target.pragma("foreign_keys", { simple: true }) as number;
    target.pragma("foreign_keys = OFF");
    try {
      for (const { name, sql } of tables) {
        if (!sourceTables.has(name)) continue;
        // A table the fresh database's migrations already wrote (their version bookkeeping) keeps
        // those rows: the damaged file's may name older versions, and copying them would make the
        // next start run again migrations this schema already has.
        if (target.prepare(`SELECT 1 FROM ${quoteId(name)} LIMIT 1`).get()) continue;
        report.tables.push(copyTable(source, target, name, /WITHOUT\s+ROWID/i.test(sql)));
      }
      report.orphansDropped = dropOrphans(target, tables.map((t) => t.name));
    } finally {
      target.pragma(`foreign_keys = ${foreignKeys ? "ON" : "OFF"}`);
    }
    report.rows = report.tables.reduce((sum, t) => sum + t.rows, 0) - report.orphansDropped;
    return report;
  } finally {
    source?.close();
    fs.rmSync(scratchDir, { recursive: true, force: true });
  }
}

function copyTable(source: Database.Database, target: Database.Database, table: string, withoutRowid: boolean): SalvagedTable {
  const columnsOf = (db: Database.Database) => (db.pragma(`table_info(${quoteId(table)})`) as Array<{ name: string; pk: number }>);
  const targetColumns = columnsOf(target);
  let sourceColumns: Array<{ name: string; pk: number }>;
  try {
    sourceColumns = columnsOf(source);
  } catch {
    return { table, rows: 0, complete: false };
  }
  const common = targetColumns.map((c) => c.name).filter((name) => sourceColumns.some((c) => c.name === name));
  const pk = sourceColumns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => quoteId(c.name));
  // Key order: the table's own B-tree, so a scan walks its pages in order from either end.
  const order = withoutRowid && pk.length ? pk : ["rowid"];
  const selectList = [...(withoutRowid ? [] : ["rowid AS __salvage_rowid"]), ...common.map(quoteId)].join(", ");
  const insertColumns = [...(withoutRowid ? [] : ["rowid"]), ...common.map(quoteId)];
  const insert = target.prepare(`INSERT OR IGNORE INTO ${quoteId(table)} (${insertColumns.join(", ")}) VALUES (${insertColumns.map(() => "?").join(", ")})`);
  const values = (row: Record<string, unknown>) => [...(withoutRowid ? [] : [row.__salvage_rowid]), ...common.map((c) => row[c])];
  let rows = 0;
  let complete = true;
  const scan = (direction: "ASC" | "DESC"): boolean => {
    const statement = source.prepare(`SELECT ${selectList} FROM ${quoteId(table)} ORDER BY ${order.map((c) => `${c} ${direction}`).join(", ")}`);
    try {
      for (const row of statement.iterate() as Iterable<Record<string, unknown>>) rows += insert.run(...values(row)).changes;
      return true;
    } catch {
      return false;
    }
  };
  target.transaction(() => {
    if (!scan("ASC")) {
      complete = false;
      // From the other end up to the damage; rows already copied are ignored by INSERT OR IGNORE.
      scan("DESC");
    }
  })();
  return { table, rows, complete };
}

/** Deletes rows whose foreign key names a row that is not there (it was on a lost page). */
function dropOrphans(db: Database.Database, tables: string[]): number {
  let dropped = 0;
  for (const table of tables) {
    const keys = db.pragma(`foreign_key_list(${quoteId(table)})`) as Array<{ table: string; from: string; to: string | null }>;
    for (const key of keys) {
      const parentColumn = key.to ?? "rowid";
      dropped += db
        .prepare(`DELETE FROM ${quoteId(table)} WHERE ${quoteId(key.from)} IS NOT NULL AND ${quoteId(key.from)} NOT IN (SELECT ${quoteId(parentColumn)} FROM ${quoteId(key.table)})`)
        .run().changes;
    }
  }
  return dropped;
}

function quoteId(name: string): string {
  return name === "rowid" ? name : `"${name.replace(/"/g, '""')}"`;
}
