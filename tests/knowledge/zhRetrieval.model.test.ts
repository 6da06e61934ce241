import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Collection } from "../../shared/knowledge.js";
import { EmbeddingService } from "../../electron/engine/knowledge/EmbeddingService.js";
import { KnowledgeStore, type SearchMode } from "../../electron/engine/knowledge/KnowledgeStore.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { ZH_DOCS, ZH_QUERIES, type ZhQuery } from "../fixtures/zhRetrievalSet.js";

let root: string;
let embedder: EmbeddingService;
let store: KnowledgeStore;
const collection: Collection = "library";

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "kzh-"));
  embedder = await EmbeddingService.load({ modelPath: await createTinyGguf(), contexts: 2, contextSize: 256 });
  store = await KnowledgeStore.open({ dir: path.join(root, "lancedb"), modelId: embedder.modelId, dimensions: embedder.dimensions });
  const vectors = await embedder.embed(ZH_DOCS.map((doc) => doc.text));
  await store.add(
    collection,
    ZH_DOCS.map((doc, i) => ({
      id: doc.id, sourceId: doc.id, text: doc.text, headingPath: doc.title, meta: {},
      page: null, lineStart: null, lineEnd: null, lang: "zh", vector: vectors[i]!,
    })),
  );
  await store.optimize(collection);
});

afterAll(async () => {
  store?.close();
  await embedder?.dispose();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Share of a query's relevant documents found in the top k, averaged over queries. */
async function recallAt(k: number, mode: SearchMode, queries: ZhQuery[]): Promise<{ recall: number; missed: string[] }> {
  let sum = 0;
  const missed: string[] = [];
  for (const query of queries) {
    const [vector] = mode === "fts" ? [undefined] : await embedder.embed([query.query]);
    const hits = await store.search(collection, { text: query.query, ...(vector ? { vector } : {}) }, { mode, limit: k });
    const ids = new Set(hits.map((hit) => hit.id));
    const found = query.relevant.filter((id) => ids.has(id)).length;
    sum += found / query.relevant.length;
    if (found < query.relevant.length) missed.push(query.id);
  }
  return { recall: sum / queries.length, missed };
}

describe("Chinese retrieval set (tiny model: vectors are random, only lexical recall is asserted)", () => {
  it("has enough labelled data", () => {
    expect(ZH_DOCS.length).toBeGreaterThanOrEqual(40);
    expect(ZH_QUERIES.length).toBeGreaterThanOrEqual(30);
    const ids = new Set(ZH_DOCS.map((doc) => doc.id));
    for (const query of ZH_QUERIES) for (const id of query.relevant) expect(ids.has(id)).toBe(true);
  });

  it("computes recall@5 for hybrid, vector and FTS; FTS and hybrid find every exact-term query", async () => {
    const exact = ZH_QUERIES.filter((query) => query.kind === "exact");
    const table: Record<string, number> = {};
    for (const mode of ["hybrid", "vector", "fts"] as const) {
      table[`${mode} (all)`] = (await recallAt(5, mode, ZH_QUERIES)).recall;
      table[`${mode} (exact)`] = (await recallAt(5, mode, exact)).recall;
    }
    console.table(table);
    const fts = await recallAt(5, "fts", exact);
    const hybrid = await recallAt(5, "hybrid", exact);
    expect(fts.missed).toEqual([]);
    expect(hybrid.missed).toEqual([]);
    for (const value of Object.values(table)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });
});
