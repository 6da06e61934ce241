import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterEach, describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../../shared/errors.js";
import { HashEmbedder } from "../../../tests/knowledge/HashEmbedder.js";
import { createBackup } from "../backup/backupDataDir.js";
import { PENDING_RESTORE } from "../backup/pendingRestore.js";
import { createEngine } from "../createEngine.js";
import type { Engine } from "../Engine.js";
import { createKnowledgePort } from "../knowledge/createKnowledgePort.js";

const dirs: string[] = [];
const engines: Engine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.dispose();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-api-"));
  dirs.push(dir);
  return dir;
}

async function open(dataDir: string): Promise<Engine> {
  const engine = await createEngine({
    dataDir,
    recover: false,
    appVersion: "test",
    knowledge: (ctx) => createKnowledgePort(ctx, { loadEmbedder: async () => new HashEmbedder(32) }),
  });
  engines.push(engine);
  return engine;
}

async function close(engine: Engine): Promise<void> {
  engines.splice(engines.indexOf(engine), 1);
  await engine.dispose();
}

async function ingest(engine: Engine, docs: string): Promise<void> {
  await engine.call("knowledge.ingest", { paths: [docs], collection: "library" });
  await (engine.parts.knowledge as unknown as { idle(): Promise<void> }).idle();
}

function writeDocs(dir: string): string {
  const docs = path.join(dir, "docs");
  fs.mkdirSync(docs, { recursive: true });
  fs.writeFileSync(path.join(docs, "budget.md"), "# 预算\n\n季度预算审批流程：部门提交，财务复核。");
  fs.writeFileSync(path.join(docs, "travel.md"), "# Travel\n\nTrain tickets are booked through the travel desk.");
  return docs;
}

const QUERIES = ["季度预算 审批", "train tickets"];
const searchOne = async (engine: Engine, query: string) =>
  (await engine.call("knowledge.search", { query, limit: 3, collection: "library" })).materials.map((m) => [m.title, m.content]);
const searchAll = (engine: Engine) => Promise.all(QUERIES.map((query) => searchOne(engine, query)));

async function rejection(promise: Promise<unknown>): Promise<ScriptoriumError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ScriptoriumError);
  return error as ScriptoriumError;
}

describe("backup.create, backup.restore and diagnostics.export", () => {
  it("backup.create returns the zip with app.db and the library; secrets only when asked", async () => {
    const dir = tempDir();
    const data = path.join(dir, "data");
    const engine = await open(data);
    await ingest(engine, writeDocs(dir));
    fs.writeFileSync(path.join(data, "secrets.json"), JSON.stringify({ "openai.apiKey": "sk-never-in-a-plain-backup" }));

    const plain = await engine.call("backup.create", {});
    expect(plain).toMatchObject({ mimeType: "application/zip", encoding: "base64", withSecrets: false });
    expect(plain.fileName).toMatch(/^scriptorium-backup-.*\.zip$/);
    const zip = await JSZip.loadAsync(Buffer.from(plain.content, "base64"));
    expect(zip.file("app.db")).not.toBeNull();
    expect(zip.file("secrets.json")).toBeNull();
    expect(Object.keys(zip.files).some((name) => name.startsWith("lancedb/library.lance/"))).toBe(true);
    expect(plain.entries).toBe(Object.values(zip.files).filter((f) => !f.dir).length - 1);

    const withSecrets = await engine.call("backup.create", { withSecrets: true });
    expect(withSecrets.withSecrets).toBe(true);
    expect(await (await JSZip.loadAsync(Buffer.from(withSecrets.content, "base64"))).file("secrets.json")!.async("string")).toContain("sk-never");
    // The temporary zips are gone from the cache.
    expect(fs.readdirSync(engine.parts.dataDir.cache).filter((name) => name.startsWith("zip-"))).toEqual([]);
  });

  it("diagnostics.export returns logs, versions and settings, no documents", async () => {
    const engine = await open(path.join(tempDir(), "data"));
    await engine.call("settings.update", { locale: "en" });
    const result = await engine.call("diagnostics.export", {});
    const zip = await JSZip.loadAsync(Buffer.from(result.content, "base64"));
    expect(result.entries).toEqual(expect.arrayContaining(["versions.json", "settings.json"]));
    expect(JSON.parse(await zip.file("settings.json")!.async("string"))).toMatchObject({ locale: "en" });
    expect(JSON.parse(await zip.file("versions.json")!.async("string"))).toMatchObject({ app: "test" });
    expect(zip.file("app.db")).toBeNull();
  });

  it("backup.restore refuses what is not a backup, an entry outside the data dir and an active run; nothing is staged", async () => {
    const dir = tempDir();
    const data = path.join(dir, "data");
    const engine = await open(data);
    const notZip = path.join(dir, "notes.zip");
    fs.writeFileSync(notZip, "not a zip at all");
    expect((await rejection(engine.call("backup.restore", { path: notZip }))).message).toMatch(/not a readable zip/);
    expect((await rejection(engine.call("backup.restore", { path: path.join(dir, "missing.zip") }))).code).toBe("not_found");

    const evil = new JSZip();
    evil.file("app.db", "x");
    evil.file("scriptorium-backup.json", JSON.stringify({ format: 1, createdAt: "2026-01-01T00:00:00Z", withSecrets: false, entries: [] }));
    evil.file("lancedb/../../outside.txt", "x");
    const evilZip = path.join(dir, "evil.zip");
    fs.writeFileSync(evilZip, await evil.generateAsync({ type: "nodebuffer" }));
    expect((await rejection(engine.call("backup.restore", { path: evilZip }))).message).toMatch(/outside the data dir/);

    const good = path.join(dir, "good.zip");
    await createBackup({ dataDir: data, out: good });
    engine.parts.sessions.create({ id: "busy-run", workflow: "chat", title: "busy", input: null });
    const busy = await rejection(engine.call("backup.restore", { path: good }));
    expect(busy.code).toBe("conflict");
    expect(busy.message).toContain("busy-run");
    expect(fs.existsSync(path.join(data, PENDING_RESTORE))).toBe(false);
  });

  it("round trip: create, change the library, stage the backup, reopen: equal search results, old files kept", async () => {
    const dir = tempDir();
    const data = path.join(dir, "data");
    let engine = await open(data);
    await ingest(engine, writeDocs(dir));
    const before = await searchAll(engine);
    expect(before.flat().length).toBeGreaterThan(0);
    const backup = await engine.call("backup.create", {});
    const file = path.join(dir, backup.fileName);
    fs.writeFileSync(file, Buffer.from(backup.content, "base64"));

    for (const source of (await engine.call("knowledge.sources", {})).sources) await engine.call("knowledge.deleteSource", { sourceId: source.id });
    expect(await searchAll(engine)).not.toEqual(before);

    const staged = await engine.call("backup.restore", { path: file });
    expect(staged).toMatchObject({ staged: true, withSecrets: false });
    expect(fs.existsSync(path.join(data, PENDING_RESTORE))).toBe(true);
    // Staging changes nothing of the open data dir.
    expect((await engine.call("knowledge.sources", {})).sources).toEqual([]);

    await close(engine);
    engine = await open(data);
    expect(await searchAll(engine)).toEqual(before);
    expect(fs.existsSync(path.join(data, PENDING_RESTORE))).toBe(false);
    const kept = fs.readdirSync(data).filter((name) => name.startsWith("before-restore-"));
    expect(kept).toHaveLength(1);
    expect(fs.existsSync(path.join(data, kept[0]!, "app.db"))).toBe(true);
  });
});
