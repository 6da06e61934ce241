import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KnowledgeStore } from "../../electron/engine/knowledge/KnowledgeStore.js";
import type { IndexedChunk } from "../../electron/engine/knowledge/IndexedChunk.js";

const dirs: string[] = [];
const stores: KnowledgeStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const DIMS = 32;

/** Deterministic unit vectors in a few loose clusters, like embeddings of related passages. */
function vectors(n: number): Float32Array[] {
  let state = 12345;
  const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296) * 2 - 1;
  const centres = Array.from({ length: 8 }, () => Float32Array.from({ length: DIMS }, random));
  return Array.from({ length: n }, (_, i) => {
    const v = Float32Array.from(centres[i % 8]!, (c) => c + 0.6 * random());
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

function chunk(i: number, vector: Float32Array): IndexedChunk {
  return { id: `c${i}`, sourceId: `s${i % 50}`, text: `第${i}段`, headingPath: "", meta: {}, page: null, lineStart: null, lineEnd: null, lang: "zh", vector };
}

async function openStore(dir: string, annThreshold: number): Promise<KnowledgeStore> {
  const store = await KnowledgeStore.open({ dir, modelId: "test-32", dimensions: DIMS, annThreshold });
  stores.push(store);
  return store;
}

async function topIds(store: KnowledgeStore, queries: Float32Array[], k: number): Promise<string[][]> {
  const out: string[][] = [];
  for (const vector of queries) out.push((await store.search("library", { text: "", vector }, { mode: "vector", limit: k })).map((h) => h.id));
  return out;
}

describe("KnowledgeStore ANN index", () => {
  it("builds the ANN index (HNSW-SQ) in the background once a table passes the threshold; top-k stays as good as flat", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kstore-ann-"));
    dirs.push(dir);
    const all = vectors(3000);
    const store = await openStore(dir, 2500);
    await store.add("library", all.slice(0, 2000).map((v, i) => chunk(i, v)));
    await store.whenIndexed("library");
    // Below the threshold: flat search, no index.
    expect(store.hasVectorIndex("library")).toBe(false);
    const queries = all.filter((_, i) => i % 97 === 0).slice(0, 20);
    await store.add("library", all.slice(2000).map((v, i) => chunk(2000 + i, v)));
    const flat = await topIds(store, queries, 5);
    // The write that crossed the threshold started the build; the write itself did not wait for it.
    await store.whenIndexed("library");
    expect(store.indexErrors).toEqual([]);
    expect(store.hasVectorIndex("library")).toBe(true);
    const ann = await topIds(store, queries, 5);
    // Each query is a stored vector: refine re-ranks on full vectors, so it finds itself first …
    expect(ann.map((ids) => ids[0])).toEqual(flat.map((ids) => ids[0]));
    // … and recall@5 against the exact (flat) answer stays high.
    const overlap = ann.reduce((sum, ids, q) => sum + ids.filter((id) => flat[q]!.includes(id)).length, 0) / (5 * queries.length);
    expect(overlap).toBeGreaterThanOrEqual(0.8);

    // A reopened store uses the index built by the earlier run.
    store.close();
    stores.splice(stores.indexOf(store), 1);
    const again = await openStore(dir, 2500);
    expect(await again.count("library")).toBe(3000);
    expect(again.hasVectorIndex("library")).toBe(true);
    expect((await topIds(again, queries.slice(0, 3), 1)).flat()).toEqual(flat.slice(0, 3).map((ids) => ids[0]));
  }, 120_000);

  it("never builds one by itself with an infinite threshold; ensureVectorIndex builds it on request", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kstore-ann-"));
    dirs.push(dir);
    const store = await openStore(dir, Number.POSITIVE_INFINITY);
    const all = vectors(600);
    await store.add("library", all.map((v, i) => chunk(i, v)));
    await store.whenIndexed("library");
    expect(store.hasVectorIndex("library")).toBe(false);
    await store.ensureVectorIndex("library", 1000);
    expect(store.hasVectorIndex("library")).toBe(false); // fewer rows than asked for
    await store.ensureVectorIndex("library", 500);
    expect(store.hasVectorIndex("library")).toBe(true);
    expect((await topIds(store, [all[7]!], 1))[0]).toEqual(["c7"]);
  }, 60_000);
});
