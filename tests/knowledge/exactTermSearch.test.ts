import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KnowledgeService } from "../../electron/engine/knowledge/KnowledgeService.js";
import { LibraryProvider } from "../../electron/engine/knowledge/LibraryProvider.js";
import type { Reranker } from "../../electron/engine/knowledge/Reranker.js";
import { exactTerms, exactTermsIn, pinExactTerms } from "../../electron/engine/knowledge/exactTerms.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { HashEmbedder } from "./HashEmbedder.js";

/**
 * Exact terms (numbers, names, codes) found by the full-text side whatever the vectors and the
 * reranker say: a real index (LanceDB + app.db) where twenty long chunks repeat the question's
 * common words and one short chunk holds its number and model name.
 */
let root: string;
let appDb: AppDb;
let service: KnowledgeService;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "kexact-"));
  appDb = AppDb.open(root);
  service = new KnowledgeService({ dataDir: root, db: appDb.db, embedder: new HashEmbedder(32) });
  const lib = path.join(root, "lib");
  fs.mkdirSync(lib);
  for (let i = 0; i < 20; i++) {
    fs.writeFileSync(
      path.join(lib, `noise-${String(i).padStart(2, "0")}.txt`),
      `What accuracy did the router reach on the benchmark? The router accuracy on the benchmark was reported again and again, router accuracy ${60 + i}.${i}, benchmark router accuracy.\n`,
    );
  }
  const other = path.join(root, "other");
  fs.mkdirSync(other);
  fs.writeFileSync(path.join(other, "target.txt"), "Table 4: the K7 model scores 83.5 on DocBench.\n");
  await service.ingest({ paths: [lib, other], collection: "library" });
});

afterAll(async () => {
  await service.close();
  appDb.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("exact terms", () => {
  it("takes numbers, codes, names and quoted phrases, not ordinary words or lone digits", () => {
    expect(exactTerms('What accuracy did the K7 router reach on DocBench, 83.5 or 12%? "sparse gate" in 2 runs, per GB/T')).toEqual([
      "sparse gate",
      "83.5",
      "12%",
      "k7",
      "docbench",
      "gb/t",
    ]);
    expect(exactTerms("乌龙茶产自哪里")).toEqual([]);
    // 83.5 is not 835, nor 83.55; a name is found as a whole word (a plural allowed).
    expect(exactTermsIn("scores 835 and 83.55", ["83.5"])).toBe(0);
    expect(exactTermsIn("scores 83.5.", ["83.5"])).toBe(1);
    expect(exactTermsIn("two DocBenches", ["docbench"])).toBe(0);
    expect(exactTermsIn("all K7s", ["k7"])).toBe(1);
    // A hyphenated code is matched as written (a Unicode-mode pattern refused its escaped "-").
    expect(exactTerms("What does the file start with, MIME-Magic?")).toEqual(["mime-magic"]);
    expect(exactTermsIn('starts with "MIME-Magic\\0"', ["mime-magic"])).toBe(1);
    expect(pinExactTerms(["k7"], [{ text: "a" }, { text: "K7 b" }, { text: "c" }]).map((h) => h.text)).toEqual(["K7 b", "a", "c"]);
  });

  it("the chunk with the question's number and name is first, even when a reranker ranks it last", async () => {
    const question = "What accuracy did the K7 router reach on the benchmark, 83.5?";
    const againstTarget: Reranker = { rank: async (_q, passages) => passages.map((p) => (p.includes("K7") ? 0 : 1 + p.length / 1000)) };
    for (const provider of [new LibraryProvider(service), new LibraryProvider(service, "library", { reranker: async () => againstTarget })]) {
      const materials = await provider.search(question, { limit: 5 });
      expect(materials[0]!.source).toContain("target.txt");
    }
  });

  it("a scoped search pins inside its scope only: the target outside the folder never appears", async () => {
    const noise = path.join(root, "lib");
    expect(service.sources("library").length).toBe(21);
    // The app's searcher (lazyKnowledgePort) lists sources the same way.
    const provider = new LibraryProvider({
      searchChunks: (c, q, o) => service.searchChunks(c, q, o),
      countChunks: (c) => service.countChunks(c),
      sourcePaths: async () => service.sources().map((s) => ({ id: s.id, path: s.path, collection: s.collection })),
    });
    const materials = await provider.search("K7 83.5 accuracy", { limit: 5, scope: { folders: [noise] } });
    expect(materials.length).toBeGreaterThan(0);
    expect(materials.every((m) => !m.source.includes("target.txt"))).toBe(true);
  });
});
