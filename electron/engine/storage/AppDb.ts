import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { ScriptoriumError } from "../../../shared/errors.js";
import { MIGRATIONS } from "./migrations.js";
import { LEGACY_ROW, migrateNamespaces, type NamespaceMigrations } from "./namespaceMigrations.js";
import { isCorruptionError, quarantine, type StartupRepair } from "./quarantine.js";
import { salvageInto } from "./salvageDb.js";
import { assertSafeSqliteVersion } from "./sqliteVersion.js";

/** File name of the app database inside the data dir. */
export const APP_DB_FILE = "app.db";

export interface AppDbOptions {
  /** How long a statement waits on a lock held by another connection, in ms; default 5000. */
  busyTimeoutMs?: number;
  /** Tables beyond the core ones, each set in its own namespace (the engine passes each workflow's). */
  migrations?: readonly NamespaceMigrations[];
}

/**
 * Open a better-sqlite3 connection configured for durability: WAL, `synchronous=FULL` (better-sqlite3
 * defaults WAL to NORMAL, which can lose the last commits on power loss), foreign keys, busy timeout.
 * A file that is not a database becomes a ScriptoriumError naming the file.
 */
export function openDurableSqlite(file: string, options: AppDbOptions = {}): Database.Database {
  let db: Database.Database | undefined;
  try {
    db = new Database(file);
    db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    db.pragma("foreign_keys = ON");
    // Reading the schema forces SQLite to parse the header: a corrupt file fails here, not later.
    db.prepare("SELECT count(*) FROM sqlite_master").get();
    return db;
  } catch (error) {
    db?.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new ScriptoriumError("internal", `Cannot open database ${file}: ${reason}. Move the file away to start fresh.`, { file, cause: (error as { code?: string }).code });
  }
}

/** The app database (`<dataDir>/app.db`): settings, sessions, events, versions, knowledge metadata. */
export class AppDb {
  /** The raw handle; the knowledge store uses it for `sources`, `chunks` and `embedding_cache`. */
  readonly db: Database.Database;
  /** Absolute path of the database file. */
  readonly file: string;
  /** `select sqlite_version()`, checked against the WAL-reset bug at open. */
  readonly sqliteVersion: string;

  /** What was found damaged at open and set aside (empty on a healthy start). */
  readonly repairs: StartupRepair[];

  private constructor(db: Database.Database, file: string, sqliteVersion: string, repairs: StartupRepair[]) {
    this.db = db;
    this.file = file;
    this.sqliteVersion = sqliteVersion;
    this.repairs = repairs;
  }

  /**
   * Open (creating if needed) and migrate `<dataDir>/app.db`. A file SQLite calls corrupt or not a
   * database — at open, or by `PRAGMA quick_check` (a damaged page in the middle opens fine and
   * fails later) — is kept aside (`app.db.corrupt-<time>`), a fresh database takes its place, and
   * every row still readable in the damaged file is copied into it (salvageDb.ts), so the app
   * starts with what could be saved and says so (`repairs`, shown by `health`, with the counts);
   * any other failure still throws.
   */
  static open(dataDir: string, options: AppDbOptions = {}): AppDb {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.resolve(dataDir, APP_DB_FILE);
    let problem: string;
    try {
      const appDb = AppDb.openAt(file, options, []);
      const check = quickCheck(appDb.db);
      if (check === "ok") return appDb;
      appDb.close();
      problem = `database disk image is malformed (quick_check: ${check.slice(0, 300)})`;
    } catch (error) {
      if (!isCorruptionError(error)) throw error;
      problem = error instanceof Error ? error.message : String(error);
    }
    const keptAs = quarantine(file);
    console.warn(`[AppDb] ${file} is damaged; kept as ${keptAs}, starting fresh and copying what is readable`);
    const fresh = AppDb.openAt(file, options, []);
    const salvaged = salvageInto(fresh.db, keptAs);
    const lost = salvaged.tables.filter((t) => !t.complete).map((t) => t.table);
    fresh.repairs.push({
      file,
      problem,
      keptAs,
      action: salvaged.unreadable
        ? "started a fresh app.db; nothing of the damaged file was readable (it is kept as it was); the library index is rebuilt"
        : `started a fresh app.db and copied ${salvaged.rows} readable rows of ${salvaged.tables.length} tables from the damaged one${lost.length ? ` (unreadable pages skipped in ${lost.join(", ")})` : ""}${salvaged.orphansDropped ? `; ${salvaged.orphansDropped} rows whose parent was lost dropped` : ""}; the library index is rebuilt from it`,
      salvaged: { rows: salvaged.rows, orphansDropped: salvaged.orphansDropped, tables: salvaged.tables },
    });
    return fresh;
  }

  private static openAt(file: string, options: AppDbOptions, repairs: StartupRepair[]): AppDb {
    const db = openDurableSqlite(file, options);
    try {
      const { version } = db.prepare("SELECT sqlite_version() AS version").get() as { version: string };
      assertSafeSqliteVersion(version);
      migrate(db, file, options.migrations ?? []);
      return new AppDb(db, file, version, repairs);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** Schema version (number of applied migrations). */
  get schemaVersion(): number {
    return this.db.pragma("user_version", { simple: true }) as number;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** `PRAGMA quick_check`: "ok", or what it found; a read that fails on a damaged page says so too. */
function quickCheck(db: Database.Database): string {
  try {
    const rows = db.pragma("quick_check") as Array<{ quick_check: string }>;
    return rows.map((row) => row.quick_check).join("; ");
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Bring a database to the current schema: the core steps (`migrations.ts`), then each namespace's
 * (namespaceMigrations.ts). A newer schema is refused.
 */
export function migrate(db: Database.Database, file: string = db.name, namespaces: readonly NamespaceMigrations[] = []): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new ScriptoriumError(
      "internal",
      `Database ${file} has schema version ${current}, newer than this app supports (${MIGRATIONS.length}). Update Scriptorium.`,
      { file, schemaVersion: current },
    );
  }
  for (let step = current; step < MIGRATIONS.length; step++) {
    const sql = MIGRATIONS[step] as string;
    db.transaction(() => {
      db.exec(sql);
      // The step that starts namespaces records how far the global list had gone (see migrations.ts).
      if (/CREATE TABLE schema_namespaces\b/.test(sql)) db.prepare("INSERT INTO schema_namespaces (namespace, version) VALUES (?, ?)").run(LEGACY_ROW, current);
      db.pragma(`user_version = ${step + 1}`);
    })();
  }
  migrateNamespaces(db, namespaces, file);
}
