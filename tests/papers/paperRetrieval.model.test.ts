import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddingService } from "../../electron/engine/knowledge/EmbeddingService.js";
import { PaperLibrary } from "../../electron/engine/workflows/paper/library/PaperLibrary.js";
import { PAPER_TABLES } from "../../electron/engine/workflows/paper/library/paperMigrations.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { buildPaperPdf } from "./paperPdf.js";
import { retrievalSet } from "./retrievalSet.js";

/**
 * Retrieval a weak embedder cannot make worse: the tests' tiny GGUF (random weights,
 * real llama.cpp) as the embedding model, on the labelled 15-page paper. Its vectors are noise; the
 * fusion must still find every page whose key terms the question names.
 */
let dir: string;
let embedder: EmbeddingService;
let appDb: AppDb;
let library: PaperLibrary;
let docId: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "paper-retrieval-"));
  embedder = await EmbeddingService.load({ modelPath: await createTinyGguf(), contexts: 1, contextSize: 512 });
  appDb = AppDb.open(dir, { migrations: [PAPER_TABLES] });
  library = new PaperLibrary({ dataDir: dir, db: appDb.db, embedder });
  const file = path.join(dir, "paper15.pdf");
  fs.writeFileSync(file, await buildPaperPdf(15));
  docId = (await library.importFile(file)).doc_id;
});

afterAll(async () => {
  await library?.close();
  appDb?.close();
  await embedder?.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("paper retrieval with the tiny GGUF as the embedder", () => {
  it("measures the embedder on the paper once: random weights score near 0, a lexical embedder high", async () => {
    const { index } = await (library as unknown as { open(): Promise<{ index: Parameters<PaperLibrary["embedderQuality"]>[1] }> }).open();
    const tiny = await library.embedderQuality(embedder, index, docId);
    expect(tiny).toBeLessThan(0.5);
    // The same probe on a hash embedder (bag of words: finds a passage from its own words) over the same chunks.
    const hashDir = fs.mkdtempSync(path.join(os.tmpdir(), "paper-retrieval-hash-"));
    const hashDb = AppDb.open(hashDir, { migrations: [PAPER_TABLES] });
    const hash = new PaperLibrary({ dataDir: hashDir, db: hashDb.db, embedder: new HashEmbedder(256) });
    try {
      const file = path.join(hashDir, "paper15.pdf");
      fs.writeFileSync(file, await buildPaperPdf(15));
      const { doc_id } = await hash.importFile(file);
      const hashIndex = (await (hash as unknown as { open(): Promise<{ index: Parameters<PaperLibrary["embedderQuality"]>[1] }> }).open()).index;
      const lexical = await hash.embedderQuality(new HashEmbedder(256), hashIndex, doc_id);
      console.log(`embedder quality on the paper: tiny GGUF ${tiny.toFixed(2)}, hash embedder ${lexical.toFixed(2)}`);
      expect(lexical).toBeGreaterThan(0.5);
    } finally {
      await hash.close();
      hashDb.close();
      fs.rmSync(hashDir, { recursive: true, force: true });
    }
  });

  it("reaches page recall@5 ≥ 0.9 on exact-term questions and ≥ 0.75 overall, and says which retriever found each hit", async () => {
    const set = retrievalSet(15);
    const found = { exact: 0, paraphrase: 0 };
    const total = { exact: 0, paraphrase: 0 };
    const missed: string[] = [];
    for (const q of set) {
      const { hits } = await library.retrieve(q.question, { docIds: [docId], limit: 5 });
      expect(hits.every((hit) => hit.retrievers && hit.retrievers.length > 0)).toBe(true);
      total[q.kind]++;
      if (hits.some((hit) => hit.page === q.page)) found[q.kind]++;
      else missed.push(`${q.kind}: ${q.question} (p.${q.page})`);
    }
    const exact = found.exact / total.exact;
    const overall = (found.exact + found.paraphrase) / set.length;
    console.log(`page recall@5 (tiny GGUF embedder): exact-term ${exact.toFixed(3)} (${found.exact}/${total.exact}), paraphrase ${(found.paraphrase / total.paraphrase).toFixed(3)}, overall ${overall.toFixed(3)}; missed ${JSON.stringify(missed)}`);
    expect(exact).toBeGreaterThanOrEqual(0.9);
    expect(overall).toBeGreaterThanOrEqual(0.75);
  });
});
