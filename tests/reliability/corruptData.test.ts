import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ArticleScriptLlm, FakeSearch } from "../../electron/engine/testing/articleTestKit.js";
import { chunkLlm, isTerminal, tempDataDir, waitForEvent } from "../../electron/engine/testing/engineTestKit.js";
import { createKnowledgePort } from "../../electron/engine/knowledge/createKnowledgePort.js";
import { LEGACY_CHECKPOINTS_DB_FILE } from "../../electron/engine/storage/Checkpointer.js";
import { moveCheckpointsToLegacyFile } from "./helpers/legacyCheckpoints.js";
import { SYSTEM_STREAM } from "../../shared/events.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";

/**
 * A damaged data file at start (garbage over a database's first page, as a bad sector or a
 * half-copied backup leaves it): the app still starts, says what it found (`health.repairs`, a
 * log line), keeps the damaged file untouched beside a fresh one, and rebuilds what it can.
 */
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function dataDir(): string {
  const dir = tempDataDir("scriptorium-corrupt-");
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
async function open(dir: string): Promise<Engine> {
  const engine = await createEngine({ dataDir: dir, llm: new ArticleScriptLlm(), search: new FakeSearch(), eventFlushIntervalMs: 5 });
  cleanup.push(() => engine.dispose());
  return engine;
}
/** Garbage over the header and first page: SQLite will call it "not a database". */
function damage(file: string): Buffer {
  const fd = fs.openSync(file, "r+");
  fs.writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 0);
  fs.closeSync(fd);
  return fs.readFileSync(file);
}
/** A session that lost its checkpoints: interrupted, its events kept, not resumable; a new article still runs to its first pause. */
async function expectInterruptedAndFreshRuns(engine: Engine, sessionId: string, eventsBefore: unknown[]): Promise<void> {
  const state = await engine.call("run.state", { sessionId });
  expect(state.session.status).toBe("interrupted");
  expect((await engine.call("events.list", { sessionId, afterSeq: 0 })).events).toEqual(eventsBefore);
  await expect(engine.call("run.resume", { sessionId, payload: { action: "confirm" } })).rejects.toMatchObject({ code: "conflict" });
  const fresh = await engine.call("run.start", { workflow: "article", input: { intent: "Again", locale: "en" } });
  await engine.parts.runner.settled(fresh.sessionId);
  expect((await engine.call("run.state", { sessionId: fresh.sessionId })).pause?.pausePoint).toBe("material_confirm");
}
async function chatWorks(engine: Engine): Promise<void> {
  const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "still alive?" } });
  expect((await waitForEvent(engine, sessionId, isTerminal)).at(-1)?.type).toBe("done");
}

describe("corrupt data files at start", () => {
  it("app.db: starts on a fresh database, reports it in health, keeps the damaged file byte for byte", async () => {
    const dir = dataDir();
    const first = await open(dir);
    await first.call("settings.update", { locale: "en" });
    await first.dispose();
    const damaged = damage(path.join(dir, "app.db"));

    const warned: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warned.push(args.join(" "));
    cleanup.push(() => void (console.warn = original));
    const engine = await createEngine({ dataDir: dir, llm: chunkLlm(["ok"]), eventFlushIntervalMs: 5 });
    cleanup.push(() => engine.dispose());

    const health = await engine.call("health", {});
    expect(health.repairs).toHaveLength(1);
    const repair = health.repairs![0]!;
    expect(repair.file).toBe(path.join(dir, "app.db"));
    expect(repair.problem).toMatch(/not a database|malformed|corrupt/i);
    expect(fs.readFileSync(repair.keptAs)).toEqual(damaged);
    expect(warned.join("\n")).toContain(repair.keptAs);
    // A fresh start: defaults, and the app works.
    expect((await engine.call("settings.get", {})).locale).toBe("zh-CN");
    await chatWorks(engine);
  });

  it("app.db with one damaged page in the middle: every readable row is copied into the fresh database, the counts in health.repairs", async () => {
    const dir = dataDir();
    const chatEngine = async () => {
      const engine = await createEngine({ dataDir: dir, llm: chunkLlm(Array.from({ length: 30 }, (_, i) => `chunk ${i} `)), eventFlushIntervalMs: 5 });
      cleanup.push(() => engine.dispose());
      return engine;
    };
    const first = await chatEngine();
    await first.call("settings.update", { locale: "en" });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { sessionId } = await first.call("run.start", { workflow: "chat", input: { prompt: `session ${i} ${"long prompt text ".repeat(20)}` } });
      await waitForEvent(first, sessionId, isTerminal);
      ids.push(sessionId);
    }
    await first.dispose();
    const file = path.join(dir, "app.db");
    // A leaf page of the events table from the middle of its B-tree, and how many rows it holds.
    const probe = new Database(file, { readonly: true });
    const leaves = probe.prepare("SELECT pageno, ncell FROM dbstat WHERE name = 'events' AND pagetype = 'leaf' ORDER BY path").all() as Array<{ pageno: number; ncell: number }>;
    const eventsBefore = (probe.prepare("SELECT count(*) AS n FROM events").get() as { n: number }).n;
    const tableCounts = Object.fromEntries((probe.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>).map(({ name }) => [name, (probe.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]));
    const pageSize = probe.pragma("page_size", { simple: true }) as number;
    probe.close();
    expect(leaves.length).toBeGreaterThanOrEqual(3);
    const victim = leaves[Math.floor(leaves.length / 2)]!;
    const fd = fs.openSync(file, "r+");
    fs.writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (victim.pageno - 1) * pageSize);
    fs.closeSync(fd);
    const damaged = fs.readFileSync(file);

    const engine = await chatEngine();
    const repair = (await engine.call("health", {})).repairs?.[0];
    expect(repair?.problem).toMatch(/malformed|corrupt/i);
    expect(fs.readFileSync(repair!.keptAs)).toEqual(damaged);
    const salvaged = Object.fromEntries(repair!.salvaged!.tables.map((t) => [t.table, t]));
    // Exactly the rows of the damaged page are lost; every other table comes back whole.
    expect(salvaged.events).toEqual({ table: "events", rows: eventsBefore - victim.ncell, complete: false });
    // The migrations' own bookkeeping is the fresh database's, not copied (salvageDb.ts says why).
    const bookkeeping = new Set(["schema_namespaces"]);
    expect(salvaged.schema_namespaces).toBeUndefined();
    for (const [table, n] of Object.entries(tableCounts)) {
      if (table !== "events" && !bookkeeping.has(table)) expect(salvaged[table], table).toEqual({ table, rows: n, complete: true });
    }
    const copied = Object.entries(tableCounts).filter(([table]) => !bookkeeping.has(table));
    expect(repair!.salvaged!.rows).toBe(copied.reduce((sum, [, n]) => sum + n, 0) - victim.ncell);
    expect(repair!.action).toMatch(/copied \d+ readable rows .*unreadable pages skipped in events/);
    // The app runs on what was saved: settings, every session, the events that were readable.
    expect((await engine.call("settings.get", {})).locale).toBe("en");
    const listed = (await engine.call("sessions.list", {})).sessions.map((s) => s.id);
    for (const id of ids) expect(listed).toContain(id);
    let readable = 0;
    for (const id of ids) readable += (await engine.call("events.list", { sessionId: id, afterSeq: 0 })).events.length;
    expect(readable).toBeLessThan(eventsBefore);
    expect(readable).toBeGreaterThan(0);
    await chatWorks(engine);
    expect((engine.parts.appDb.db.pragma("integrity_check") as Array<{ integrity_check: string }>)[0]!.integrity_check).toBe("ok");
  });

  it("a damaged checkpoints.db left from before checkpoints moved into app.db: paused sessions become interrupted with their events and versions kept; new sessions run", async () => {
    const dir = dataDir();
    const first = await open(dir);
    const { sessionId } = await first.call("run.start", { workflow: "article", input: { intent: "Local AI", locale: "en" } });
    await first.parts.runner.settled(sessionId);
    expect((await first.call("run.state", { sessionId })).pause?.pausePoint).toBe("material_confirm");
    const eventsBefore = (await first.call("events.list", { sessionId, afterSeq: 0 })).events;
    await first.dispose();
    await moveCheckpointsToLegacyFile(dir);
    const damaged = damage(path.join(dir, LEGACY_CHECKPOINTS_DB_FILE));

    const engine = await open(dir);
    const health = await engine.call("health", {});
    expect(health.repairs?.map((r) => path.basename(r.file))).toEqual([LEGACY_CHECKPOINTS_DB_FILE]);
    expect(fs.readFileSync(health.repairs![0]!.keptAs)).toEqual(damaged);
    expect(fs.existsSync(path.join(dir, LEGACY_CHECKPOINTS_DB_FILE))).toBe(false);
    await expectInterruptedAndFreshRuns(engine, sessionId, eventsBefore);
  });

  it("app.db with a damaged page in the checkpoint table: the rest is salvaged, paused sessions become interrupted with their events kept; new sessions run", async () => {
    const dir = dataDir();
    const first = await open(dir);
    const ids: string[] = [];
    for (const intent of ["Local AI", "Offline writing", "Small models"]) {
      const { sessionId } = await first.call("run.start", { workflow: "article", input: { intent, locale: "en" } });
      await first.parts.runner.settled(sessionId);
      ids.push(sessionId);
    }
    const eventsBefore = (await first.call("events.list", { sessionId: ids[0]!, afterSeq: 0 })).events;
    await first.dispose();
    const file = path.join(dir, "app.db");
    const probe = new Database(file, { readonly: true });
    const leaves = probe.prepare("SELECT pageno FROM dbstat WHERE name = 'checkpoints' AND pagetype = 'leaf' ORDER BY path").all() as Array<{ pageno: number }>;
    const pageSize = probe.pragma("page_size", { simple: true }) as number;
    probe.close();
    const victim = leaves[Math.floor(leaves.length / 2)]!;
    const fd = fs.openSync(file, "r+");
    fs.writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (victim.pageno - 1) * pageSize);
    fs.closeSync(fd);

    const engine = await open(dir);
    const repair = (await engine.call("health", {})).repairs?.[0];
    expect(repair?.problem).toMatch(/malformed|corrupt/i);
    const salvaged = Object.fromEntries(repair!.salvaged!.tables.map((t) => [t.table, t]));
    expect(salvaged.checkpoints?.complete).toBe(false);
    expect(salvaged.events?.complete).toBe(true);
    for (const id of ids) expect((await engine.call("run.state", { sessionId: id })).session.status).toBe("interrupted");
    await expectInterruptedAndFreshRuns(engine, ids[0]!, eventsBefore);
  });

  it("the LanceDB library index: rebuilt from app.db on first use, the damaged table kept, health says so", async () => {
    const dir = dataDir();
    const docs = dataDir();
    const withKnowledge = async () => {
      const engine = await createEngine({
        dataDir: dir,
        llm: chunkLlm(["ok"]),
        knowledge: (context) => createKnowledgePort(context, { loadEmbedder: async () => new HashEmbedder(32, "hash:corrupt") }),
        eventFlushIntervalMs: 5,
      });
      cleanup.push(() => engine.dispose());
      return engine;
    };
    const first = await withKnowledge();
    fs.writeFileSync(path.join(docs, "notes.md"), "# 离线写作\n\n本地模型可以离线写作，数据不出机器。".repeat(10));
    const { taskId } = await first.call("knowledge.ingest", { paths: [path.join(docs, "notes.md")] });
    await waitForEvent(first, SYSTEM_STREAM, (e) => e.type === "progress" && e.task === taskId && /^ingested 1/.test(e.message ?? ""));
    const before = (await first.call("knowledge.search", { query: "离线写作" })).materials.map((m) => m.id);
    expect(before.length).toBeGreaterThan(0);
    await first.dispose();
    // A power cut's zero-byte manifest (the LanceDB incident in the reliability notes).
    const versions = path.join(dir, "lancedb", "library.lance", "_versions");
    const latest = fs.readdirSync(versions).filter((f) => f.endsWith(".manifest")).sort()[0]!;
    fs.truncateSync(path.join(versions, latest), 0);

    const engine = await withKnowledge();
    expect((await engine.call("health", {})).repairs).toBeUndefined(); // nothing found yet: the index loads on first use
    expect((await engine.call("knowledge.search", { query: "离线写作" })).materials.map((m) => m.id)).toEqual(before);
    const repairs = (await engine.call("health", {})).repairs ?? [];
    expect(repairs.map((r) => path.relative(dir, r.file))).toEqual([path.join("lancedb", "library.lance")]);
    expect(repairs[0]!.problem).toMatch(/^corrupt/);
    expect(fs.statSync(path.join(repairs[0]!.keptAs, "_versions", latest)).size).toBe(0);
  });

  it("a healthy start reports no repairs", async () => {
    const engine = await open(dataDir());
    expect((await engine.call("health", {})).repairs).toBeUndefined();
  });
});
