import { paperDeps } from "../../electron/engine/workflows/paper/PaperDeps.js";
import type { PlatformServices } from "../../electron/engine/workflows/WorkflowDefinition.js";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionState } from "../../shared/api.js";
import type { ArticleResume } from "../../shared/workflows/article.js";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ArticleScriptLlm, FakeSearch } from "../../electron/engine/testing/articleTestKit.js";
import { tempDataDir, waitForEvent } from "../../electron/engine/testing/engineTestKit.js";
import { mountTinyDisk, type TinyDisk } from "../../electron/engine/testing/tinyDisk.js";
import { writeFileAtomic } from "../../electron/engine/io/atomicWrite.js";
import { ScriptoriumError } from "../../shared/errors.js";
import { createKnowledgePort } from "../../electron/engine/knowledge/createKnowledgePort.js";
import { SYSTEM_STREAM } from "../../shared/events.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { PaperService } from "../../electron/engine/workflows/paper/library/PaperService.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { buildPaperPdf } from "../papers/paperPdf.js";
import { workflowReplies } from "./helpers/workflowScript.js";

/**
 * A full disk, for real: the data folder (or its cache) on a small tmpfs filled to the last byte.
 * Writing a section, storing a version: a typed `disk_full` error naming what failed, nothing
 * saved before is lost, and the same step succeeds once space is back.
 */
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function openEngine(dataDir: string): Promise<Engine> {
  const engine = await createEngine({ dataDir, llm: new ArticleScriptLlm(), search: new FakeSearch(), eventFlushIntervalMs: 5 });
  cleanup.push(() => engine.dispose());
  return engine;
}
async function settle(engine: Engine, sessionId: string): Promise<SessionState> {
  await engine.parts.runner.settled(sessionId);
  return engine.call("run.state", { sessionId });
}
async function resume(engine: Engine, sessionId: string, payload: ArticleResume): Promise<SessionState> {
  await engine.call("run.resume", { sessionId, payload });
  return settle(engine, sessionId);
}
async function errorOf(promise: Promise<unknown>): Promise<{ code?: string; message?: string }> {
  return promise.then(
    () => ({}),
    (error: { code?: string; message?: string }) => error,
  );
}
function mount(dir: string, bytes: number): TinyDisk {
  fs.mkdirSync(dir, { recursive: true });
  const disk = mountTinyDisk(bytes);
  // Re-mount the fresh tmpfs where the engine expects the folder.
  fs.rmSync(dir, { recursive: true, force: true });
  fs.symlinkSync(disk.dir, dir);
  cleanup.push(disk.unmount);
  return disk;
}

describe("disk full", () => {
  it("the atomic writer on a full disk: a typed error, the old content intact, no temp file, and a retry works once space is back", async () => {
    const disk = mountTinyDisk(256 * 1024);
    cleanup.push(disk.unmount);
    const file = path.join(disk.dir, "section_0.md");
    await writeFileAtomic(file, "saved before");
    const filler = disk.fill();
    const big = "x".repeat(128 * 1024);
    const error = await writeFileAtomic(file, big, { what: "section 1 of the draft cache" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptoriumError);
    expect((error as ScriptoriumError).code).toBe("disk_full");
    expect((error as ScriptoriumError).message).toContain("section 1 of the draft cache");
    expect(fs.readFileSync(file, "utf8")).toBe("saved before");
    expect(fs.readdirSync(disk.dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    fs.rmSync(filler);
    await writeFileAtomic(file, big);
    expect(fs.readFileSync(file, "utf8")).toBe(big);
  });
  it("while the sections are written: disk_full naming the section, finished work kept, the same step succeeds once space is back", async () => {
    const dataDir = tempDataDir("scriptorium-diskfull-cache-");
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const disk = mount(path.join(dataDir, "cache"), 512 * 1024);
    const engine = await openEngine(dataDir);
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "Local AI for engineers", locale: "en" } });
    expect((await settle(engine, sessionId)).pause?.pausePoint).toBe("material_confirm");
    const outline = await resume(engine, sessionId, { action: "confirm" });
    expect(outline.pause?.pausePoint).toBe("outline_confirm");

    const filler = disk.fill();
    const failed = await resume(engine, sessionId, { action: "confirm" });
    const events = (await engine.call("events.list", { sessionId, afterSeq: 0 })).events;
    const error = events.findLast((e) => e.type === "error") as { error?: { code?: string; message?: string } } | undefined;
    expect(error?.error?.code).toBe("disk_full");
    expect(error?.error?.message).toMatch(/section \d+ of the draft cache/);
    expect(fs.readdirSync(disk.dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    // Nothing saved is lost: the session, its materials and its outline are still there; a retry is offered.
    expect(failed.session.status).toBe("error");
    await expect(engine.call("run.resume", { sessionId, payload: { action: "confirm" } })).rejects.toMatchObject({ code: "conflict" });
    expect(Object.keys(failed.values)).not.toHaveLength(0);

    fs.rmSync(filler);
    // Space is back: the same step runs to the draft.
    // Space is back: run.retry continues from the last checkpoint, and the draft is written.
    await engine.call("run.retry", { sessionId });
    const retried = await settle(engine, sessionId);
    expect(retried.session.status).toBe("paused");
    expect((await engine.call("documents.versions", { sessionId })).versions.length).toBeGreaterThan(0);
    expect(fs.readdirSync(path.join(dataDir, "cache", sessionId)).filter((name) => /^section_\d+\.md$/.test(name)).length).toBeGreaterThan(0);
  }, 120_000);

  it("while a version is stored: disk_full, earlier versions intact, the edit succeeds once space is back", async () => {
    const disk = mountTinyDisk(8 * 1024 * 1024);
    cleanup.push(disk.unmount);
    const engine = await openEngine(disk.dir);
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "Local AI for engineers", locale: "en" } });
    await settle(engine, sessionId);
    await resume(engine, sessionId, { action: "confirm" });
    await resume(engine, sessionId, { action: "confirm" });
    const before = (await engine.call("documents.versions", { sessionId })).versions;
    expect(before.length).toBeGreaterThan(0);

    const filler = disk.fill();
    const markdown = `# Edited\n\n${"A paragraph the user wrote by hand. ".repeat(2_000)}`;
    const error = await errorOf(engine.call("documents.edit", { sessionId, markdown }));
    expect(error.code).toBe("disk_full");
    expect(error.message).toContain(`a new version (manual_edit) of session ${sessionId}`);
    fs.rmSync(filler);
    expect((await engine.call("documents.versions", { sessionId })).versions).toEqual(before);
    const { version } = await engine.call("documents.edit", { sessionId, markdown });
    expect(version.number).toBe(before.length + 1);
    expect((await engine.call("documents.version", { sessionId, number: version.number })).markdown).toBe(markdown);
  }, 120_000);
});

describe("disk full during an import", () => {
  it("the library index on a full disk: the import fails naming the file and the disk, what was imported stays searchable, a re-import works once space is back", async () => {
    const dataDir = tempDataDir("scriptorium-diskfull-import-");
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const docs = tempDataDir("scriptorium-diskfull-docs-");
    cleanup.push(() => fs.rmSync(docs, { recursive: true, force: true }));
    const disk = mount(path.join(dataDir, "lancedb"), 4 * 1024 * 1024);
    const engine = await createEngine({
      dataDir,
      llm: new ArticleScriptLlm(),
      knowledge: (context) => createKnowledgePort(context, { loadEmbedder: async () => new HashEmbedder(32, "hash:disk") }),
      eventFlushIntervalMs: 5,
    });
    cleanup.push(() => engine.dispose());
    const ingest = async (file: string): Promise<string> => {
      const { taskId } = await engine.call("knowledge.ingest", { paths: [file] });
      const events = await waitForEvent(engine, SYSTEM_STREAM, (e) => e.type === "progress" && e.task === taskId && /^(ingested |failed: )/.test(e.message ?? ""));
      return (events.at(-1) as { message?: string }).message ?? "";
    };
    fs.writeFileSync(path.join(docs, "first.md"), "# 本地写作\n\n本地模型可以离线写作，数据不出机器。".repeat(20));
    expect(await ingest(path.join(docs, "first.md"))).toMatch(/ingested 1/);
    const before = await engine.call("knowledge.search", { query: "离线写作" });
    expect(before.materials.length).toBeGreaterThan(0);

    const filler = disk.fill();
    fs.writeFileSync(path.join(docs, "second.md"), "# 第二篇\n\n磁盘已满的时候导入这一篇。".repeat(200));
    const failed = await ingest(path.join(docs, "second.md"));
    expect(failed).toMatch(/second\.md/);
    expect(failed).toContain("second.md (disk_full: no space left on the disk for the library index");
    // What was imported before is still there and searchable.
    expect((await engine.call("knowledge.search", { query: "离线写作" })).materials.map((m) => m.id)).toEqual(before.materials.map((m) => m.id));

    fs.rmSync(filler);
    expect(await ingest(path.join(docs, "second.md"))).toMatch(/ingested 1/);
    expect((await engine.call("knowledge.search", { query: "磁盘已满" })).materials.length).toBeGreaterThan(0);
  }, 120_000);
});

describe("disk full in the doc generator and the paper reader", () => {
  it("docgen, sections on a full cache: the failure names the disk, nothing is cached half-written, the sections are written once space is back", async () => {
    const dataDir = tempDataDir("scriptorium-diskfull-docgen-");
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const disk = mount(path.join(dataDir, "cache"), 512 * 1024);
    const llm = new ScriptedLlm({ replies: workflowReplies() });
    const engine = await createEngine({ dataDir, llm, eventFlushIntervalMs: 5 });
    cleanup.push(() => engine.dispose());
    const filler = disk.fill();
    const { sessionId } = await engine.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "磁盘已满", context: "一个命令行工具：读取参数，打印结果。" } });
    const state = await settle(engine, sessionId);
    const events = (await engine.call("events.list", { sessionId, afterSeq: 0 })).events;
    const reasons = events.flatMap((e) => (e.type === "error" ? [JSON.stringify(e.error)] : e.type === "section_done" && !e.ok ? [String(e.error)] : []));
    expect(reasons.length, JSON.stringify(events.map((e) => e.type))).toBeGreaterThan(0);
    for (const reason of reasons) expect(reason).toMatch(/disk_full|No space left on the disk/);
    expect(fs.readdirSync(disk.dir, { recursive: true }).filter((name) => String(name).endsWith(".tmp"))).toEqual([]);
    expect(["error", "paused"]).toContain(state.session.status);

    fs.rmSync(filler);
    // Space is back: an errored run is retried from its checkpoint; a run paused on its failed sections regenerates them.
    if (state.session.status === "error") await engine.call("run.retry", { sessionId });
    else await engine.call("run.resume", { sessionId, payload: { action: state.pause!.allowedActions.includes("retry_failed") ? "retry_failed" : state.pause!.allowedActions[0]! } as never });
    const after = await settle(engine, sessionId);
    expect(after.session.status, JSON.stringify(after.pause)).toBe("done");
    expect(fs.readdirSync(path.join(dataDir, "cache", sessionId)).filter((name) => /^section_\d+\.md$/.test(name)).sort()).toEqual(["section_0.md", "section_1.md", "section_2.md"]);
  }, 120_000);

  it("paper import with the index on a full disk: disk_full naming the file, no half-imported paper, the same import works once space is back", async () => {
    const dataDir = tempDataDir("scriptorium-diskfull-paper-");
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const disk = mount(path.join(dataDir, "lancedb"), 4 * 1024 * 1024);
    const llm = new ScriptedLlm({ replies: workflowReplies() });
    const engine = await createEngine({
      dataDir,
      llm,
      workflowServices: { paper: (context: PlatformServices) => paperDeps(context, new PaperService({ dataDir, modelsDir: path.join(dataDir, "models"), db: context.db, settings: context.settings, llm: () => llm, embedder: new HashEmbedder(64) })) },
      eventFlushIntervalMs: 5,
    });
    cleanup.push(() => engine.dispose());
    const file = path.join(dataDir, "sparse.pdf");
    fs.writeFileSync(file, await buildPaperPdf(8));
    // The index exists (an earlier import), then the disk fills up.
    const first = path.join(dataDir, "first.md");
    fs.writeFileSync(first, "# First Paper\n\n## Abstract\n\nA short paper imported while there was space.\n");
    await engine.call("paper.import", { paths: [first] });
    const filler = disk.fill();
    const error = await errorOf(engine.call("paper.import", { paths: [file] }));
    expect(error.code).toBe("disk_full");
    expect(error.message).toContain("sparse.pdf");
    expect((await engine.call("paper.list", {})).papers.map((p) => p.title)).toEqual(["First Paper"]);
    fs.rmSync(filler);
    const { papers } = await engine.call("paper.import", { paths: [file] });
    expect(papers[0]!.existing).toBe(false);
    expect((await engine.call("paper.list", {})).papers).toHaveLength(2);
  }, 120_000);
});
