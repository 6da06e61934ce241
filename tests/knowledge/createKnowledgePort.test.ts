import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_STREAM, type EventDraft } from "../../shared/events.js";
import { SettingsSchema, type Settings } from "../../shared/models.js";
import type { EngineContext } from "../../electron/engine/EngineServices.js";
import type { LlmClient } from "../../electron/engine/llm/LlmClient.js";
import { createKnowledgePort, type KnowledgePortHandle } from "../../electron/engine/knowledge/createKnowledgePort.js";
import { HashEmbedder } from "./HashEmbedder.js";

let root: string;
let db: Database.Database;
let settings: Settings;
let events: Array<{ stream: string; draft: EventDraft }>;
let port: KnowledgePortHandle;
let loads: number;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "kport-"));
  db = new Database(path.join(root, "app.db"));
  settings = SettingsSchema.parse({});
  events = [];
  loads = 0;
  const context: EngineContext = {
    dataDir: { root, models: path.join(root, "models"), cache: path.join(root, "cache"), lancedb: path.join(root, "lancedb") },
    db,
    settings: () => settings,
    updateSettings: (patch) => (settings = { ...settings, ...patch }),
    emit: (stream, draft) => events.push({ stream, draft }),
    llm: {} as LlmClient,
    modelPath: null,
    reportRepair: () => undefined,
  };
  port = createKnowledgePort(context, {
    loadEmbedder: async (ctx) => {
      loads++;
      return new HashEmbedder(32, `hash:${ctx.settings().embeddingModel ?? "chat"}`);
    },
  });
});

afterEach(async () => {
  await port.dispose();
  db.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("createKnowledgePort", () => {
  it("ingests in the background with progress events, then searches, lists and deletes", async () => {
    const lib = path.join(root, "lib");
    fs.mkdirSync(lib);
    fs.writeFileSync(path.join(lib, "a.md"), "## 写作\n写作需要练习。\n");
    fs.writeFileSync(path.join(lib, "b.txt"), "深度学习是机器学习的分支。\n");
    const { taskId } = await port.ingest({ paths: [lib], collection: "library" });
    await port.idle();
    const progress = events.filter((e) => e.stream === SYSTEM_STREAM && e.draft.type === "progress").map((e) => e.draft);
    expect(progress.every((p) => p.type === "progress" && p.task === taskId)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ done: 1, total: 1, message: expect.stringMatching(/^ingested 2, unchanged 0, failed 0/), report: { imported: 2, skipped: 0, failed: 0, chunks: 2 } });

    const { materials } = await port.search({ query: "深度学习", limit: 3, collection: "library" });
    expect(materials[0]!.source).toMatch(/^b\.txt/);
    const provider = port.libraryProvider();
    expect((await provider.search("写作", { limit: 2 }))[0]!.source).toBe("a.md · 写作");
    const { sources } = await port.sources({ collection: "library" });
    expect(sources.map((s) => s.kind).sort()).toEqual(["markdown", "text"]);
    await port.deleteSource({ sourceId: sources[0]!.id });
    expect((await port.sources({})).sources).toHaveLength(1);
  });

  it("searches an empty library without loading a model", async () => {
    expect(await port.search({ query: "写作", limit: 5, collection: "library" })).toEqual({ materials: [] });
    expect((await port.libraryProvider().healthCheck()).message).toBe("0 chunks indexed");
    expect(loads).toBe(0);
  });

  it("reports a failed task with an error event naming the task", async () => {
    // A path that is not there is refused at once, naming it, and no task starts.
    const missing = path.join(root, "missing");
    await expect(port.ingest({ paths: [missing], collection: "library" })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining(missing) });
    // A file that is there but unreadable is a per-file failure, not a task failure.
    const broken = path.join(root, "broken.pdf");
    fs.writeFileSync(broken, "not a pdf");
    const { taskId } = await port.ingest({ paths: [broken], collection: "library" });
    await port.idle();
    expect(events.at(-1)!.draft).toMatchObject({
      type: "progress",
      task: taskId,
      message: expect.stringContaining("failed 1"),
      report: { imported: 0, skipped: 0, failed: 1, files: [{ path: broken, status: "failed", code: "corrupt" }] },
    });

    settings = { ...settings, embeddingModel: "broken.gguf" };
    const failing = createKnowledgePort(
      {
        ...({} as EngineContext),
        dataDir: { root, models: root, cache: root, lancedb: root },
        db,
        settings: () => settings,
        emit: (s, d) => events.push({ stream: s, draft: d }),
        modelPath: null,
      },
      { loadEmbedder: async () => Promise.reject(new Error("cannot load broken.gguf")) },
    );
    const second = await failing.reindex({ collection: "library" });
    await failing.idle();
    expect(events.at(-1)!.draft).toMatchObject({ type: "error", error: { message: "cannot load broken.gguf", details: { task: second.taskId } } });
    await failing.dispose();
  });

  it("cancels a running ingest task", async () => {
    const lib = path.join(root, "many");
    fs.mkdirSync(lib);
    for (let i = 0; i < 40; i++) fs.writeFileSync(path.join(lib, `f${i}.txt`), `第${i}号文件，内容关于写作。`);
    const { taskId } = await port.ingest({ paths: [lib], collection: "library" });
    expect(port.cancel(taskId)).toBe(true);
    await port.idle();
    expect(events.at(-1)!.draft).toMatchObject({ type: "error", error: { code: "aborted", details: { task: taskId } } });
    expect((await port.sources({})).sources.length).toBeLessThan(40);
    expect(port.cancel(taskId)).toBe(false);
  });

  it("re-creates the service when the embedding model setting changes", async () => {
    fs.writeFileSync(path.join(root, "c.md"), "## 茶\n乌龙茶产自福建。\n");
    await port.ingest({ paths: [path.join(root, "c.md")], collection: "library" });
    await port.idle();
    const first = port.service();
    settings = { ...settings, embeddingModel: "bge-m3.gguf" };
    expect(port.service()).not.toBe(first);
    // The index remembers the model that built it: a query embedded by another model is refused,
    // with the way out named, until the user re-indexes.
    await expect(port.search({ query: "乌龙茶", limit: 3, collection: "library" })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/hash:chat.*hash:bge-m3\.gguf.*Re-index/) as unknown as string,
    });
    await port.reindex({ collection: "library" });
    await port.idle();
    const { materials } = await port.search({ query: "乌龙茶", limit: 3, collection: "library" });
    expect(materials[0]!.content).toBe("乌龙茶产自福建。");
    expect(loads).toBe(2);
  });
});
