import { paperDeps } from "../../electron/engine/workflows/paper/PaperDeps.js";
import type { PlatformServices } from "../../electron/engine/workflows/WorkflowDefinition.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_STREAM, type EngineEvent } from "../../shared/events.js";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { JobRegistry } from "../../electron/engine/jobs/JobRegistry.js";
import { createKnowledgePort } from "../../electron/engine/knowledge/createKnowledgePort.js";
import { PaperService } from "../../electron/engine/workflows/paper/library/PaperService.js";
import { GatedEmbedder } from "../knowledge/GatedEmbedder.js";
import { buildPaperPdf } from "../papers/paperPdf.js";
import { scanPdf } from "../papers/scanPdf.js";

let dir: string;
let engine: Engine | null;
let system: EngineEvent[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobs-cancel-"));
  engine = null;
  system = [];
});

afterEach(async () => {
  await engine?.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function start(embedder: GatedEmbedder): Promise<Engine> {
  engine = await createEngine({
    dataDir: dir,
    recover: false,
    knowledge: (ctx) => createKnowledgePort(ctx, { loadEmbedder: async () => embedder }),
    // No LLM for the papers: metadata comes from the file, nothing loads a model.
    workflowServices: {
      paper: (ctx: PlatformServices) =>
        paperDeps(
          ctx,
          new PaperService({ dataDir: ctx.dataDir, modelsDir: ctx.modelsDir, db: ctx.db, settings: ctx.settings, llm: () => undefined, embedder }),
        ),
    },
  });
  engine.subscribe(SYSTEM_STREAM, 0, (event) => system.push(event));
  return engine;
}

function writeFile(name: string, data: Uint8Array | string): string {
  const file = path.join(dir, "in", name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  return file;
}

describe("JobRegistry", () => {
  it("aborts a running job by id, refuses a duplicate id and forgets finished jobs", async () => {
    const jobs = new JobRegistry();
    let seen: AbortSignal | null = null;
    const running = jobs.run("t1", (signal) => {
      seen = signal;
      return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
    });
    await expect(jobs.run("t1", async () => 1)).rejects.toMatchObject({ code: "conflict" });
    expect(jobs.cancel("t1")).toBe(true);
    await expect(running).rejects.toMatchObject({ code: "aborted" });
    expect(seen!.aborted).toBe(true);
    expect(jobs.cancel("t1")).toBe(false);
    expect(await jobs.run("t2", async () => "done")).toBe("done");
    expect(jobs.cancel("t2")).toBe(false);
  });
});

describe("jobs.cancel", () => {
  it("stops a paper import between files: the finished paper stays whole, the cancelled one leaves nothing", async () => {
    // Call 1 embeds the first paper; call 2 (the second paper) waits for the cancel.
    const embedder = new GatedEmbedder(2);
    const api = await start(embedder);
    const first = writeFile("first.pdf", await buildPaperPdf(4));
    const second = writeFile("second.pdf", await buildPaperPdf(5));
    const importing = api.call("paper.import", { paths: [first, second], taskId: "paper-import-1" });
    await embedder.started;
    expect(await api.call("jobs.cancel", { taskId: "paper-import-1" })).toEqual({ cancelled: true });
    await expect(importing).rejects.toMatchObject({ code: "aborted" });

    const { papers } = await api.call("paper.list", {});
    expect(papers.map((p) => p.file_name)).toEqual(["first.pdf"]);
    const kept = await api.call("paper.get", { doc_id: papers[0]!.doc_id });
    expect(kept.pages.length).toBe(papers[0]!.pages);
    // No row of the cancelled paper in any paper table of app.db.
    const db = api.parts.appDb.db;
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'paper%'").all() as Array<{ name: string }>).map((t) => t.name);
    for (const table of tables) {
      const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name);
      if (!columns.includes("doc_id")) continue;
      const docs = (db.prepare(`SELECT DISTINCT doc_id FROM ${table}`).all() as Array<{ doc_id: string }>).map((r) => r.doc_id);
      expect(docs.every((d) => d === papers[0]!.doc_id), `${table} holds a cancelled paper's rows`).toBe(true);
    }
    // The bar ended: the last progress of the task is finished and says so.
    // (High-rate events reach subscribers in batches: poll, with no time bound of its own.)
    await expect.poll(() => system.filter((e) => e.type === "progress" && e.task === "paper-import-1").at(-1)).toMatchObject({ done: 2, total: 2, message: "cancelled" });
    // The job is gone: a second cancel finds nothing.
    expect(await api.call("jobs.cancel", { taskId: "paper-import-1" })).toEqual({ cancelled: false });
  });

  it("reports a scanned paper's OCR page by page with an ETA, and a cancel mid-OCR leaves nothing", { timeout: 300_000 }, async () => {
    const api = await start(new GatedEmbedder(0));
    const file = writeFile("scan.pdf", await scanPdf(await buildPaperPdf(6)));
    const importing = api.call("paper.import", { paths: [file], taskId: "ocr-import" });
    const ocr = () => system.filter((e): e is Extract<EngineEvent, { type: "progress" }> => e.type === "progress" && e.task === "ocr-import" && /OCR/.test(e.message ?? ""));
    await expect.poll(ocr, { timeout: 240_000 }).not.toEqual([]);
    expect(ocr()[0]).toMatchObject({ done: 1, total: 6 });
    expect(ocr()[0]!.message).toMatch(/^OCR · scan\.pdf · 1\/6 pages, about (\d+ min )?\d+ s left$/);
    expect(await api.call("jobs.cancel", { taskId: "ocr-import" })).toEqual({ cancelled: true });
    await expect(importing).rejects.toMatchObject({ code: "aborted" });
    expect((await api.call("paper.list", {})).papers).toEqual([]);
    expect(api.parts.appDb.db.prepare("SELECT count(*) AS n FROM paper_chunks").get()).toEqual({ n: 0 });
    await expect.poll(() => system.filter((e) => e.type === "progress" && e.task === "ocr-import").at(-1)).toMatchObject({ message: "cancelled" });
  });

  it("stops a knowledge ingest: no source and no chunk of the cancelled file", async () => {
    const embedder = new GatedEmbedder(1);
    const api = await start(embedder);
    const lib = path.join(dir, "in", "lib");
    fs.mkdirSync(lib, { recursive: true });
    fs.writeFileSync(path.join(lib, "a.md"), "## 写作\n离线写作让资料留在内网。\n");
    const { taskId } = await api.call("knowledge.ingest", { paths: [lib], collection: "library" });
    await embedder.started;
    expect(await api.call("jobs.cancel", { taskId })).toEqual({ cancelled: true });
    await (api.parts.knowledge as unknown as { idle(): Promise<void> }).idle();

    expect((await api.call("knowledge.sources", {})).sources).toEqual([]);
    expect((await api.call("knowledge.search", { query: "离线写作", collection: "library", limit: 5 })).materials).toEqual([]);
    await expect.poll(() => system.some((e) => e.type === "error" && e.error.code === "aborted")).toBe(true);
    expect(await api.call("jobs.cancel", { taskId })).toEqual({ cancelled: false });
  });

  it("answers cancelled: false for an id no job holds, and refuses a bad id", async () => {
    const api = await start(new GatedEmbedder(0));
    expect(await api.call("jobs.cancel", { taskId: "no-such-task" })).toEqual({ cancelled: false });
    await expect(api.call("jobs.cancel", { taskId: "" } as never)).rejects.toMatchObject({ code: "bad_request" });
  });
});
