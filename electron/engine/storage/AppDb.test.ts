import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../../shared/errors.js";
import { AppDb, openDurableSqlite } from "./AppDb.js";
import { MIGRATIONS } from "./migrations.js";
import { assertSafeSqliteVersion, hasWalResetBug } from "./sqliteVersion.js";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-appdb-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const tables = (db: AppDb) =>
  (db.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name);

describe("AppDb", () => {
  it("creates every core table on a fresh data dir, durably configured", () => {
    const db = AppDb.open(tempDir());
    expect(tables(db)).toEqual([
      "checkpoints", "chunks", "documents", "embedding_cache", "events", "folder_bindings", "folder_files",
      "schema_namespaces", "sessions", "settings", "sources", "versions", "writes",
    ]);
    expect(db.schemaVersion).toBe(MIGRATIONS.length);
    expect(db.db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.db.pragma("synchronous", { simple: true })).toBe(2); // FULL
    expect(db.db.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(hasWalResetBug(db.sqliteVersion)).toBe(false);
    db.close();
  });

  it("runs a namespace's steps in order, once, and records its version", () => {
    const dir = tempDir();
    const notes = { namespace: "notes", steps: [{ sql: "CREATE TABLE notes_items (id TEXT PRIMARY KEY)" }, { sql: "ALTER TABLE notes_items ADD COLUMN body TEXT" }] };
    const first = AppDb.open(dir, { migrations: [notes] });
    first.db.prepare("INSERT INTO notes_items (id, body) VALUES ('a', 'kept')").run();
    first.close();
    const third = { ...notes, steps: [...notes.steps, { sql: "CREATE INDEX notes_items_body ON notes_items(body)" }] };
    const second = AppDb.open(dir, { migrations: [third] });
    expect(second.db.prepare("SELECT version FROM schema_namespaces WHERE namespace = 'notes'").pluck().get()).toBe(3);
    expect(second.db.prepare("SELECT body FROM notes_items").pluck().get()).toBe("kept");
    second.close();
    expect(() => AppDb.open(dir, { migrations: [notes] })).toThrow(/"notes" schema version 3, newer than this app supports \(2\)/);
  });

  it("refuses a namespace step that names a table outside its namespace, and runs none of it", () => {
    const dir = tempDir();
    const bad = { namespace: "notes", steps: [{ sql: "CREATE TABLE notes_items (id TEXT)" }, { sql: "CREATE TABLE sessions_extra (id TEXT)" }] };
    expect(() => AppDb.open(dir, { migrations: [bad] })).toThrow('migration 2 of "notes" names "sessions_extra"');
    const db = AppDb.open(dir);
    expect(tables(db)).not.toContain("notes_items");
    db.close();
  });

  it("reopens idempotently and keeps the data", () => {
    const dir = tempDir();
    const first = AppDb.open(dir);
    first.db.prepare("INSERT INTO settings(key, json) VALUES ('locale', '\"en\"')").run();
    first.close();
    const second = AppDb.open(dir);
    expect(second.schemaVersion).toBe(MIGRATIONS.length);
    expect(second.db.prepare("SELECT json FROM settings WHERE key = 'locale'").get()).toEqual({ json: '"en"' });
    second.close();
  });

  it("turns a corrupt file into a ScriptoriumError naming the file", () => {
    const dir = tempDir();
    const file = path.join(dir, "other.db");
    fs.writeFileSync(file, Buffer.alloc(8192, 0x5a));
    let caught: unknown;
    try {
      openDurableSqlite(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ScriptoriumError);
    expect((caught as ScriptoriumError).message).toContain(file);
    expect((caught as ScriptoriumError).details).toEqual({ file, cause: "SQLITE_NOTADB" });
  });

  it("keeps a corrupt app.db aside and opens a fresh one, saying so in `repairs`", () => {
    const dir = tempDir();
    const file = path.join(dir, "app.db");
    fs.writeFileSync(file, Buffer.alloc(8192, 0x5a));
    const db = AppDb.open(dir);
    expect(db.schemaVersion).toBe(MIGRATIONS.length);
    expect(db.repairs).toHaveLength(1);
    expect(db.repairs[0]).toMatchObject({ file, problem: expect.stringContaining("not a database") });
    expect(fs.readFileSync(db.repairs[0]!.keptAs)).toEqual(Buffer.alloc(8192, 0x5a));
    db.close();
  });

  it("refuses a schema newer than this build", () => {
    const dir = tempDir();
    const db = AppDb.open(dir);
    db.db.pragma(`user_version = ${MIGRATIONS.length + 5}`);
    db.close();
    expect(() => AppDb.open(dir)).toThrow(/newer than this app supports/);
  });
});

describe("sqlite version gate", () => {
  it.each([
    ["3.6.23", false],
    ["3.7.0", true],
    ["3.44.5", true],
    ["3.44.6", false],
    ["3.49.2", true],
    ["3.50.6", true],
    ["3.50.7", false],
    ["3.51.2", true],
    ["3.51.3", false],
    ["3.52.0", true],
    ["3.53.2", false],
  ])("%s affected: %s", (version, affected) => {
    expect(hasWalResetBug(version)).toBe(affected);
    if (affected) expect(() => assertSafeSqliteVersion(version)).toThrow(/WAL-reset/);
    else expect(() => assertSafeSqliteVersion(version)).not.toThrow();
  });
});
