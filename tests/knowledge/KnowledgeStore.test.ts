import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Collection } from "../../shared/knowledge.js";
import { ScriptoriumError } from "../../shared/errors.js";
import { KnowledgeStore } from "../../electron/engine/knowledge/KnowledgeStore.js";
import type { IndexedChunk } from "../../electron/engine/knowledge/IndexedChunk.js";
import { ftsIndex } from "../../electron/engine/knowledge/ftsIndexOptions.js";
import { HashEmbedder } from "./HashEmbedder.js";

const dirs: string[] = [];
const stores: KnowledgeStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kstore-"));
  dirs.push(dir);
  return dir;
}

const embedder = new HashEmbedder(32);
const DOCS = [
  "写作是一种表达思想的方式，好的写作需要练习。",
  "深度学习是机器学习的一个分支，依赖神经网络。",
  "终身学习让人保持好奇心。",
  "The quick brown dog jumps over the lazy fox.",
  "茶文化在中国有悠久的历史。",
];

function chunk(id: string, text: string, extra: Partial<IndexedChunk> = {}): IndexedChunk {
  return {
    id, sourceId: extra.sourceId ?? "s1", text, headingPath: "", meta: { file: "a.md" },
    page: null, lineStart: 1, lineEnd: 1, lang: "zh", vector: embedder.vector(text), ...extra,
  };
}

async function openStore(dir: string, options: Partial<Parameters<typeof KnowledgeStore.open>[0]> = {}) {
  const store = await KnowledgeStore.open({ dir, modelId: embedder.modelId, dimensions: 32, ...options });
  stores.push(store);
  return store;
}

describe("KnowledgeStore", () => {
  it("finds Chinese words with the bigram full-text index", async () => {
    const store = await openStore(tempDir());
    await store.add("library", DOCS.map((text, i) => chunk(`c${i}`, text, { sourceId: `s${i}` })));
    const ids = async (q: string) => (await store.search("library", { text: q }, { mode: "fts", limit: 5 })).map((h) => h.id);
    expect(await ids("写作")).toEqual(["c0"]);
    expect(await ids("学习")).toEqual(expect.arrayContaining(["c1", "c2"]));
    expect((await ids("深度学习"))[0]).toBe("c1");
    expect(await ids("dog")).toEqual(["c3"]);
    // Quotes would make a phrase query the position-less index cannot answer: they are dropped.
    expect(await ids('"写作"')).toEqual(["c0"]);
  });

  it("scores every mode in 0..1 and honours where filters", async () => {
    const store = await openStore(tempDir());
    await store.add("library", DOCS.map((text, i) => chunk(`c${i}`, text, { sourceId: `s${i}`, page: i + 1 })));
    const vector = embedder.vector("深度学习 神经网络");
    for (const mode of ["hybrid", "vector", "fts"] as const) {
      const hits = await store.search("library", { text: "深度学习", vector }, { mode, limit: 3 });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits[0]!.id).toBe("c1");
      expect(hits[0]!.page).toBe(2);
      for (const hit of hits) {
        expect(hit.score).toBeGreaterThanOrEqual(0);
        expect(hit.score).toBeLessThanOrEqual(1);
      }
      const sorted = [...hits].sort((a, b) => b.score - a.score);
      expect(hits.map((h) => h.id)).toEqual(sorted.map((h) => h.id));
    }
    const filtered = await store.search("library", { text: "学习", vector }, { mode: "hybrid", limit: 5, where: "source_id = 's2'" });
    expect(filtered.map((h) => h.id)).toEqual(["c2"]);
  });

  it("ranks and scores vectors of any length as cosine (stored and queried at unit length, searched by dot product)", async () => {
    const store = await openStore(tempDir());
    // Stored vectors scaled by different factors: cosine ignores length, so must the store.
    const scaled = DOCS.map((text, i) => chunk(`c${i}`, text, { sourceId: `s${i}`, vector: embedder.vector(text).map((x) => x * (i + 2)) }));
    await store.add("library", scaled);
    const query = embedder.vector("深度学习 神经网络");
    const cosine = (a: Float32Array, b: Float32Array) => {
      let dot = 0;
      for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
      return dot / (Math.hypot(...a) * Math.hypot(...b));
    };
    const expected = scaled
      .map((c) => ({ id: c.id, score: 1 - (1 - cosine(c.vector, query)) / 2 }))
      .sort((a, b) => b.score - a.score);
    const hits = await store.search("library", { text: "", vector: query.map((x) => x * 0.25) }, { mode: "vector", limit: 5 });
    expect(hits.map((h) => h.id)).toEqual(expected.map((e) => e.id));
    hits.forEach((hit, i) => expect(hit.score).toBeCloseTo(expected[i]!.score, 5));
    // The caller's arrays are not normalised in place.
    expect(Math.hypot(...scaled[0]!.vector)).toBeCloseTo(2, 5);
  });

  it("answers every mode on an empty collection with no hits", async () => {
    const store = await openStore(tempDir());
    for (const mode of ["hybrid", "vector", "fts"] as const) {
      expect(await store.search("code", { text: "写作", vector: embedder.vector("写作") }, { mode, limit: 5 })).toEqual([]);
    }
  });

  it("rejects vectors of the wrong dimension instead of letting LanceDB pad them", async () => {
    const store = await openStore(tempDir());
    const bad = chunk("x", "写作", { vector: new Float32Array(16) });
    await expect(store.add("library", [bad])).rejects.toThrow(/expected 32, got 16/);
    await expect(store.add("library", [bad])).rejects.toBeInstanceOf(ScriptoriumError);
    expect(await store.count("library")).toBe(0);
  });

  it("replaces a source's chunks and deletes sources", async () => {
    const store = await openStore(tempDir(), { optimizeEvery: 2 });
    await store.add("papers", [chunk("a0", "写作一", { sourceId: "a" }), chunk("b0", "写作二", { sourceId: "b" })]);
    await store.replaceSources("papers", ["a"], [chunk("a0", "学习一", { sourceId: "a" }), chunk("a1", "学习二", { sourceId: "a" })]);
    expect(await store.count("papers")).toBe(3);
    expect(await store.count("papers", "source_id = 'a'")).toBe(2);
    await store.deleteSources("papers", ["a"]);
    expect(await store.count("papers")).toBe(1);
    const hits = await store.search("papers", { text: "写作" }, { mode: "fts", limit: 5 });
    expect(hits.map((h) => h.id)).toEqual(["b0"]);
  });

  it("refuses a table built by another embedding model (offering a re-index) until it is cleared", async () => {
    const dir = tempDir();
    const first = await openStore(dir);
    await first.add("library", [chunk("c0", DOCS[0]!)]);
    first.close();
    stores.pop();
    const rebuilt: Collection[] = [];
    const other = new HashEmbedder(48, "other-model");
    const second = await openStore(dir, { modelId: other.modelId, dimensions: 48, rebuild: async (collection) => void rebuilt.push(collection) });
    const error = await second.count("library").then(
      () => null,
      (caught: unknown) => caught as ScriptoriumError,
    );
    expect(error?.code).toBe("conflict");
    expect(error?.message).toMatch(/another embedding model .*other-model.*Re-index/);
    expect(rebuilt).toEqual([]);
    // The re-index path (clear, then refill) builds it with the new model.
    await second.clear("library");
    await second.add("library", [{ ...chunk("c0", DOCS[0]!), vector: other.vector(DOCS[0]!) }]);
    expect(await second.count("library")).toBe(1);
  });

  it("re-creates and refills a derived table (rules) built by another embedding model", async () => {
    const dir = tempDir();
    const first = await openStore(dir);
    await first.add("rules", [chunk("c0", DOCS[0]!)]);
    first.close();
    stores.pop();
    const rebuilt: Collection[] = [];
    const other = new HashEmbedder(48, "other-model");
    const second = await openStore(dir, {
      modelId: other.modelId,
      dimensions: 48,
      rebuild: async (collection) => {
        rebuilt.push(collection);
        await second.add(collection, [{ ...chunk("c0", DOCS[0]!), vector: other.vector(DOCS[0]!) }]);
      },
    });
    expect(await second.count("rules")).toBe(1);
    expect(rebuilt).toEqual(["rules"]);
    expect(second.recreated[0]?.reason).toMatch(/model changed/);
  });

  it("drops and rebuilds a table whose latest manifest was truncated (power cut)", async () => {
    const dir = tempDir();
    const first = await openStore(dir);
    await first.add("library", DOCS.map((text, i) => chunk(`c${i}`, text)));
    first.close();
    stores.pop();
    const versions = path.join(dir, "library.lance", "_versions");
    // Manifest names count down from u64::MAX, so the latest version sorts first.
    const latest = fs.readdirSync(versions).filter((f) => f.endsWith(".manifest")).sort()[0]!;
    fs.truncateSync(path.join(versions, latest), 0);
    const second = await openStore(dir, {
      rebuild: async (collection) => second.add(collection, DOCS.map((text, i) => chunk(`c${i}`, text))),
    });
    const hits = await second.search("library", { text: "写作" }, { mode: "fts", limit: 3 });
    expect(hits.map((h) => h.id)).toEqual(["c0"]);
    expect(await second.count("library")).toBe(DOCS.length);
    expect(second.recreated[0]?.reason).toMatch(/^corrupt/);
    // The damaged table is kept, truncated manifest and all, beside the rebuilt folder.
    const kept = fs.readdirSync(path.dirname(dir)).filter((name) => name.startsWith(`${path.basename(dir)}.corrupt-`));
    expect(kept).toHaveLength(1);
    dirs.push(path.join(path.dirname(dir), kept[0]!));
    const keptVersions = path.join(path.dirname(dir), kept[0]!, "library.lance", "_versions");
    expect(fs.statSync(path.join(keptVersions, latest)).size).toBe(0);
  });

  it("refuses an FTS language outside the whitelist (Lance would abort the process)", () => {
    expect(() => ftsIndex("Chinese")).toThrow(ScriptoriumError);
    expect(() => ftsIndex("English")).not.toThrow();
  });
});
