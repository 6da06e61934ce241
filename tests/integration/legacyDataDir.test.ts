import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createEngine } from "../../electron/engine/createEngine.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { MIGRATIONS } from "../../electron/engine/storage/migrations.js";
import { chunkLlm, tempDataDir } from "../../electron/engine/testing/engineTestKit.js";
import { PAPER_MIGRATIONS } from "../../electron/engine/workflows/paper/library/paperMigrations.js";
import { WORKFLOW_REGISTRY } from "../../electron/engine/workflows/registry.js";
import { workflowMigrations } from "../../electron/engine/workflows/workflowMigrations.js";
import { LEGACY_GLOBAL_MIGRATIONS } from "../fixtures/legacyGlobalMigrations.js";

/**
 * A data dir made by the code before each workflow declared its own tables: app.db migrated by the
 * one global list (paper tables included), `paper_bib` created on first use as BibRepository did.
 */
function legacyDataDir(steps: number, withBib: boolean): string {
  const dir = tempDataDir("scriptorium-legacy-");
  const db = new Database(path.join(dir, "app.db"));
  for (let step = 0; step < steps; step++) {
    db.transaction(() => {
      db.exec(LEGACY_GLOBAL_MIGRATIONS[step] as string);
      db.pragma(`user_version = ${step + 1}`);
    })();
  }
  const now = "2026-01-01T00:00:00.000Z";
  db.prepare("INSERT INTO sessions (id, workflow, title, status, created_at, updated_at, input) VALUES ('s-old', 'chat', 'old chat', 'done', ?, ?, '{}')").run(now, now);
  db.prepare("INSERT INTO paper_docs (doc_id, title, file_name, path, kind, pages, content_hash, imported_at) VALUES ('d1', 'Old paper', 'a.pdf', 'a.pdf', 'pdf', 1, 'h', ?)").run(now);
  if (withBib) {
    db.exec(`CREATE TABLE IF NOT EXISTS paper_bib (
      doc_id TEXT PRIMARY KEY REFERENCES paper_docs(doc_id) ON DELETE CASCADE, citation_key TEXT NOT NULL,
      csl TEXT NOT NULL, source TEXT NOT NULL, zotero_key TEXT UNIQUE)`);
    const csl = JSON.stringify({ id: "old2020", type: "article-journal", title: "Old paper", issued: { "date-parts": [[2020]] } });
    db.prepare("INSERT INTO paper_bib (doc_id, citation_key, csl, source) VALUES ('d1', 'old2020', ?, 'bibtex')").run(csl);
  }
  db.close();
  return dir;
}

/** Every table's and index's columns, so two databases' schemas compare exactly. */
function schemaOf(db: Database.Database): Record<string, string[]> {
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  return Object.fromEntries(names.map((name) => [name, (db.pragma(`table_info(${name})`) as Array<{ name: string; type: string }>).map((c) => `${c.name} ${c.type}`)]));
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("a data dir made before workflows declared their own tables", () => {
  const migrations = workflowMigrations(WORKFLOW_REGISTRY);

  it("migrates without running a paper step twice and ends with the fresh schema, rows kept", () => {
    const fresh = AppDb.open(tempDataDir("scriptorium-fresh-"), { migrations });
    dirs.push(path.dirname(fresh.file));
    for (const [steps, withBib] of [[LEGACY_GLOBAL_MIGRATIONS.length, true], [LEGACY_GLOBAL_MIGRATIONS.length, false], [3, false]] as const) {
      const dir = legacyDataDir(steps, withBib);
      dirs.push(dir);
      const db = AppDb.open(dir, { migrations });
      expect(db.schemaVersion).toBe(MIGRATIONS.length);
      expect(db.db.prepare("SELECT version FROM schema_namespaces WHERE namespace = 'paper'").pluck().get()).toBe(PAPER_MIGRATIONS.length);
      expect(schemaOf(db.db)).toEqual(schemaOf(fresh.db));
      expect(db.db.prepare("SELECT title FROM paper_docs WHERE doc_id = 'd1'").pluck().get()).toBe("Old paper");
      expect(db.db.prepare("SELECT title FROM sessions WHERE id = 's-old'").pluck().get()).toBe("old chat");
      db.close();
      // Opening again runs nothing (a step that ran twice would fail on its ALTER TABLE).
      AppDb.open(dir, { migrations }).close();
    }
    fresh.close();
  });

  it("serves the old library and sessions through a real engine", async () => {
    const dir = legacyDataDir(LEGACY_GLOBAL_MIGRATIONS.length, true);
    dirs.push(dir);
    const engine = await createEngine({ dataDir: dir, llm: chunkLlm(["unused"]), appVersion: "test" });
    try {
      const { sessions } = await engine.call("sessions.list", {});
      expect(sessions.map((s) => s.id)).toContain("s-old");
      const { bibtex } = await engine.call("paper.exportBib", {});
      // The year comes only from the old paper_bib row (paper_docs has none).
      expect(bibtex).toContain("date = {2020}");
    } finally {
      await engine.dispose();
    }
  });
});
