import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../../shared/errors.js";
import { KnowledgeService } from "../knowledge/KnowledgeService.js";
import { AppDb } from "../storage/AppDb.js";
import { SettingsStore } from "../storage/SettingsStore.js";
import { HashEmbedder } from "../../../tests/knowledge/HashEmbedder.js";
import { createBackup, restoreBackup } from "./backupDataDir.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "backup-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function withService<T>(dataDir: string, work: (service: KnowledgeService, db: AppDb) => Promise<T>): Promise<T> {
  const db = AppDb.open(dataDir);
  const service = new KnowledgeService({ dataDir, db: db.db, embedder: new HashEmbedder(32) });
  try {
    return await work(service, db);
  } finally {
    await service.close();
    db.close();
  }
}

const QUERIES = ["季度预算 审批", "laptop badge", "train tickets"];

describe("backup and restore", () => {
  it("round trip: a fresh data dir gives equal search results; secrets only when asked", async () => {
    const source = path.join(root, "source");
    const docs = path.join(root, "docs");
    fs.mkdirSync(docs, { recursive: true });
    fs.writeFileSync(path.join(docs, "budget.md"), "# 预算\n\n季度预算审批流程：部门提交，财务复核。");
    fs.writeFileSync(path.join(docs, "onboarding.md"), "# Onboarding\n\nNew staff get a laptop and a badge on day one.");
    fs.writeFileSync(path.join(docs, "travel.md"), "# Travel\n\nTrain tickets are booked through the travel desk.");
    const before = await withService(source, async (service, db) => {
      await service.ingest({ paths: [docs], collection: "library" });
      new SettingsStore(db.db).update({ locale: "en" });
      return Promise.all(QUERIES.map((query) => service.search({ query, limit: 3, collection: "library" })));
    });
    fs.mkdirSync(path.join(source, "guides"), { recursive: true });
    fs.writeFileSync(path.join(source, "guides", "house.md"), "# House style\n");
    fs.writeFileSync(path.join(source, "providers.json"), JSON.stringify({ providers: [] }));
    fs.writeFileSync(path.join(source, "secrets.json"), JSON.stringify({ "openai.apiKey": "sk-do-not-leak-123" }));

    const out = path.join(root, "backup.zip");
    const manifest = await createBackup({ dataDir: source, out });
    expect(manifest.withSecrets).toBe(false);
    expect(manifest.entries).toContain("app.db");
    expect(manifest.entries).toContain("guides/house.md");
    expect(manifest.entries.some((e) => e.startsWith("lancedb/library.lance/"))).toBe(true);
    const zipped = await JSZip.loadAsync(fs.readFileSync(out));
    expect(zipped.file("secrets.json")).toBeNull();
    expect(fs.readFileSync(out).includes(Buffer.from("sk-do-not-leak-123"))).toBe(false);

    const fresh = path.join(root, "fresh");
    const restored = await restoreBackup({ dataDir: fresh, zip: out });
    expect(restored.keptAs).toBeNull();
    expect(fs.readFileSync(path.join(fresh, "guides", "house.md"), "utf8")).toBe("# House style\n");
    expect(fs.existsSync(path.join(fresh, "secrets.json"))).toBe(false);
    const after = await withService(fresh, async (service, db) => {
      expect(new SettingsStore(db.db).get().locale).toBe("en");
      expect(service.sources("library")).toHaveLength(3);
      return Promise.all(QUERIES.map((query) => service.search({ query, limit: 3, collection: "library" })));
    });
    expect(after).toEqual(before);
    expect(after[1]![0]!.content).toContain("laptop");

    const withSecrets = path.join(root, "with-secrets.zip");
    expect((await createBackup({ dataDir: source, out: withSecrets, withSecrets: true })).withSecrets).toBe(true);
    // Restoring over a data dir keeps what was there aside.
    const again = await restoreBackup({ dataDir: fresh, zip: withSecrets });
    expect(again.keptAs).not.toBeNull();
    expect(fs.existsSync(path.join(again.keptAs!, "app.db"))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(fresh, "secrets.json"), "utf8"))).toEqual({ "openai.apiKey": "sk-do-not-leak-123" });
  });

  it("refuses while a run is active, and refuses a file that is not a backup; the data dir is unchanged", async () => {
    const busy = path.join(root, "busy");
    const db = AppDb.open(busy);
    db.db
      .prepare("INSERT INTO sessions (id, workflow, title, status, created_at, updated_at, input) VALUES ('s1', 'article', 't', 'running', 'now', 'now', '{}')")
      .run();
    db.close();
    const out = path.join(root, "busy.zip");
    await createBackup({ dataDir: busy, out });
    const listing = fs.readdirSync(busy).sort();
    const refused = await restoreBackup({ dataDir: busy, zip: out }).then(() => null, (e: unknown) => e);
    expect((refused as ScriptoriumError).code).toBe("conflict");
    expect((refused as ScriptoriumError).message).toContain("A run is active");
    expect(fs.readdirSync(busy).sort()).toEqual(listing);

    const notZip = path.join(root, "notes.txt");
    fs.writeFileSync(notZip, "hello");
    const bad = await restoreBackup({ dataDir: path.join(root, "other"), zip: notZip }).then(() => null, (e: unknown) => e);
    expect((bad as ScriptoriumError).code).toBe("bad_request");
    expect((bad as ScriptoriumError).message).toContain("not a readable zip file");

    const evil = new JSZip();
    evil.file("scriptorium-backup.json", JSON.stringify({ format: 1, createdAt: "x", withSecrets: false, entries: [] }));
    evil.file("app.db", "x");
    evil.file("../escape.txt", "x");
    const evilZip = path.join(root, "evil.zip");
    fs.writeFileSync(evilZip, await evil.generateAsync({ type: "nodebuffer" }));
    const escaped = await restoreBackup({ dataDir: path.join(root, "other"), zip: evilZip }).then(() => null, (e: unknown) => e);
    expect((escaped as ScriptoriumError).message).toContain("outside the data dir");

    // A manifest of this format with a field of the wrong type is refused by name; one of another format says so.
    const damaged = new JSZip();
    damaged.file("scriptorium-backup.json", JSON.stringify({ format: 1, createdAt: "x", withSecrets: "no", entries: [] }));
    damaged.file("app.db", "x");
    const damagedZip = path.join(root, "damaged.zip");
    fs.writeFileSync(damagedZip, await damaged.generateAsync({ type: "nodebuffer" }));
    const refusedManifest = await restoreBackup({ dataDir: path.join(root, "other"), zip: damagedZip }).then(() => null, (e: unknown) => e);
    expect((refusedManifest as ScriptoriumError).code).toBe("bad_request");
    expect((refusedManifest as ScriptoriumError).message).toContain("scriptorium-backup.json: does not have the expected shape (withSecrets:");
    damaged.file("scriptorium-backup.json", JSON.stringify({ format: 2, somethingNew: true }));
    fs.writeFileSync(damagedZip, await damaged.generateAsync({ type: "nodebuffer" }));
    const newer = await restoreBackup({ dataDir: path.join(root, "other"), zip: damagedZip }).then(() => null, (e: unknown) => e);
    expect((newer as ScriptoriumError).message).toContain("is a backup of format 2; this version restores format 1");
    expect(fs.existsSync(path.join(root, "other", "app.db"))).toBe(false);
    expect(fs.existsSync(path.join(root, "escape.txt"))).toBe(false);
  });
});
