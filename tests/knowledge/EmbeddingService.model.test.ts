import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddingService } from "../../electron/engine/knowledge/EmbeddingService.js";
import { KnowledgeService } from "../../electron/engine/knowledge/KnowledgeService.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";

let root: string;
let modelPath: string;
let db: Database.Database;
let service: EmbeddingService;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "kembed-"));
  modelPath = await createTinyGguf();
  db = new Database(path.join(root, "app.db"));
  service = await EmbeddingService.load({ modelPath, db, contexts: 2, contextSize: 256 });
});

afterAll(async () => {
  await service?.dispose();
  db?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const norm = (v: Float32Array) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));

describe("EmbeddingService (tiny real GGUF)", () => {
  it("returns L2-normalised, deterministic vectors of the model's width", async () => {
    expect(service.dimensions).toBe(64);
    expect(service.usingChatModelFallback).toBe(false);
    const [a, b, a2] = await service.embed(["写作", "学习", "写作"]);
    expect(a!.length).toBe(64);
    expect(norm(a!)).toBeCloseTo(1, 4);
    expect(norm(b!)).toBeCloseTo(1, 4);
    expect(Array.from(a2!)).toEqual(Array.from(a!));
    expect(Array.from(a!)).not.toEqual(Array.from(b!));
  });

  it("cuts input longer than the context instead of throwing", async () => {
    const long = "深度学习".repeat(400); // byte-fallback tokens: far over 256
    const [vector] = await service.embed([long]);
    expect(norm(vector!)).toBeCloseTo(1, 4);
  });

  it("never embeds an unchanged text twice: cache hits skip the model, also after a reload", async () => {
    const texts = Array.from({ length: 6 }, (_, i) => `缓存测试文本 ${i}`);
    const before = service.modelEvaluations;
    const first = await service.embed(texts);
    expect(service.modelEvaluations - before).toBe(6);
    const second = await service.embed([...texts, "新的一条"]);
    expect(service.modelEvaluations - before).toBe(7);
    expect(second.slice(0, 6).map((v) => Array.from(v))).toEqual(first.map((v) => Array.from(v)));

    const reloaded = await EmbeddingService.load({ chatModelPath: modelPath, db, contexts: 1 });
    try {
      expect(reloaded.usingChatModelFallback).toBe(true);
      expect(reloaded.modelId).toBe(service.modelId);
      const third = await reloaded.embed(texts);
      expect(reloaded.modelEvaluations).toBe(0);
      expect(third.map((v) => Array.from(v))).toEqual(first.map((v) => Array.from(v)));
    } finally {
      await reloaded.dispose();
    }
  });

  it("rejects a cached vector whose dimension does not match the model", async () => {
    await service.embed(["维度检查"]);
    db.prepare("UPDATE embedding_cache SET dims = 32, vector = ? WHERE model_id = ?").run(Buffer.alloc(128), service.modelId);
    await expect(service.embed(["维度检查"])).rejects.toThrow(/dimension mismatch/);
    db.prepare("DELETE FROM embedding_cache").run();
  });

  it("names the missing model file", async () => {
    await expect(EmbeddingService.load({ modelPath: path.join(root, "nope.gguf") })).rejects.toMatchObject({
      code: "model_missing",
    });
    await expect(EmbeddingService.load({})).rejects.toMatchObject({ code: "model_missing" });
  });

  it("drives the knowledge service: a re-index is served from the embedding cache", async () => {
    const lib = path.join(root, "lib");
    fs.mkdirSync(lib, { recursive: true });
    fs.writeFileSync(path.join(lib, "a.md"), "## 写作\n写作需要练习。\n\n## 学习\n深度学习是机器学习的分支。\n");
    const knowledge = new KnowledgeService({ dataDir: root, db, embedder: service });
    try {
      await knowledge.ingest({ paths: [lib], collection: "library" });
      const evaluations = service.modelEvaluations;
      expect(await knowledge.reindex("library")).toBe(2);
      expect(service.modelEvaluations).toBe(evaluations);
      const hits = await knowledge.searchChunks("library", "深度学习", { mode: "hybrid", limit: 2 });
      expect(hits[0]!.headingPath).toBe("学习");
    } finally {
      await knowledge.close();
    }
  });
});
