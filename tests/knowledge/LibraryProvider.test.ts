import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KnowledgeService } from "../../electron/engine/knowledge/KnowledgeService.js";
import { LibraryProvider } from "../../electron/engine/knowledge/LibraryProvider.js";
import type { Reranker } from "../../electron/engine/knowledge/Reranker.js";
import { englishStems } from "../../electron/engine/knowledge/englishStems.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { HashEmbedder } from "./HashEmbedder.js";

/**
 * The article researcher's library search on a real index (LanceDB + app.db, hashed-bigram
 * vectors): English stemming lifts the chunk that has the query's word in another form above
 * chunks that merely share letter pairs; the reranker (when installed) reorders, and every way
 * it can be missing or broken keeps the fused order, as in the paper library.
 */
let root: string;
let appDb: AppDb;
let service: KnowledgeService;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "klibprov-"));
  appDb = AppDb.open(root);
  service = new KnowledgeService({ dataDir: root, db: appDb.db, embedder: new HashEmbedder(32) });
  const lib = path.join(root, "lib");
  fs.mkdirSync(lib);
  fs.writeFileSync(path.join(lib, "a-singing.txt"), "Singing, ringing and winning: the bells kept bringing spring in.\n");
  fs.writeFileSync(path.join(lib, "b-runs.txt"), "She runs every morning before work.\n");
  fs.writeFileSync(path.join(lib, "c-tea.txt"), "乌龙茶产自福建，适合冲泡。\n");
  await service.ingest({ paths: [lib], collection: "library" });
});

afterAll(async () => {
  await service.close();
  appDb.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const file = (source: string) => path.basename(source.split(" · ")[0]!);

describe("library search parity with the paper library", () => {
  it("stems English words: 'running' finds 'runs' first, ahead of chunks sharing only letter pairs", async () => {
    expect([...englishStems("Running networks were trained")]).toEqual(["run", "network", "train"]);
    const hybrid = await service.searchChunks("library", "running", { mode: "hybrid", limit: 3 });
    expect(file(String(hybrid[0]!.meta.path))).toBe("a-singing.txt"); // bigrams alone prefer the wrong one
    const materials = await new LibraryProvider(service).search("running", { limit: 3 });
    expect(file(materials[0]!.source)).toBe("b-runs.txt");
    expect(materials[0]!.relevance_score).toBeGreaterThan(materials[1]!.relevance_score);
  });

  it("keeps the hybrid order for Chinese queries (no English words to stem)", async () => {
    const hybrid = await service.searchChunks("library", "乌龙茶", { mode: "hybrid", limit: 3 });
    const materials = await new LibraryProvider(service).search("乌龙茶", { limit: 3 });
    expect(materials.map((m) => file(m.source))).toEqual(hybrid.map((h) => file(String(h.meta.path))));
  });

  it("applies an installed reranker, and keeps the fused order when it is missing, fails to load or fails to rank", async () => {
    const preferTea: Reranker = { rank: async (_query, passages) => passages.map((p) => (p.includes("乌龙茶") ? 5 : 1)) };
    const reranked = await new LibraryProvider(service, "library", { reranker: async () => preferTea }).search("running", { limit: 3 });
    expect(file(reranked[0]!.source)).toBe("c-tea.txt");

    const plain = (await new LibraryProvider(service).search("running", { limit: 3 })).map((m) => m.source);
    const fallbacks: Array<() => Promise<Reranker | undefined>> = [
      async () => undefined,
      async () => {
        throw new Error("bad reranker file");
      },
      async () => ({
        rank: async () => {
          throw new Error("ranking context overflow");
        },
      }),
    ];
    for (const reranker of fallbacks) {
      const materials = await new LibraryProvider(service, "library", { reranker }).search("running", { limit: 3 });
      expect(materials.map((m) => m.source)).toEqual(plain);
    }
  });
});
