import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RERANKER_FILE, catalogReranker } from "../../electron/engine/knowledge/LlamaReranker.js";
import { PaperLibrary, type Reranker } from "../../electron/engine/workflows/paper/library/PaperLibrary.js";
import { createTinyRerankerGguf } from "../fixtures/tinyRerankerGguf.js";
import { buildPaperPdf } from "./paperPdf.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";

let kit: PaperKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

const QUESTION = "How many attention layers does the encoder use?";

/**
 * The catalog reranker on a real model: node-llama-cpp's ranking context over a tiny random
 * BERT-layout cross-encoder (rank pooling + classification head) the test writes itself, installed
 * under the catalog's file name. Its scores are meaningless but real and deterministic, so the
 * library's order must be exactly the order of those scores.
 */
describe("reranker (real llama.cpp ranking context, tiny GGUF)", () => {
  it("ranks the fused candidates with the installed reranker and returns them in its score order", async () => {
    kit = paperKit();
    const modelsDir = path.join(kit.dir, "models");
    await createTinyRerankerGguf({ dir: modelsDir, fileName: RERANKER_FILE });
    const real = await catalogReranker(modelsDir, () => 1)();
    expect(real).toBeDefined();

    const scores = await real!.rank("encoder attention layers", ["The encoder uses 12 attention layers.", "We thank the reviewers.", "Accuracy is 91.3% on DocBench."]);
    expect(scores).toHaveLength(3);
    expect(scores.every((score) => score >= 0 && score <= 1)).toBe(true);
    expect(new Set(scores).size).toBeGreaterThan(1);
    // Deterministic: the same pairs score the same.
    expect(await real!.rank("encoder attention layers", ["The encoder uses 12 attention layers.", "We thank the reviewers.", "Accuracy is 91.3% on DocBench."])).toEqual(scores);

    const seen: Array<{ passages: string[]; scores: number[] }> = [];
    const recording: Reranker = {
      rank: async (query, passages, signal) => {
        const result = await real!.rank(query, passages, signal);
        seen.push({ passages, scores: result });
        return result;
      },
    };
    const library = new PaperLibrary({ dataDir: kit.dir, db: kit.appDb.db, embedder: kit.embedder, reranker: async () => recording });
    const { doc_id } = await library.importFile(kit.write("sparse.pdf", await buildPaperPdf()));
    const { hits } = await library.retrieve(QUESTION, { docIds: [doc_id], limit: 4 });
    expect(seen).toHaveLength(1);
    const { passages, scores: candidateScores } = seen[0]!;
    expect(passages.length).toBeGreaterThan(4);
    const expected = passages
      .map((text, i) => ({ text, score: candidateScores[i]! }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 4)
      .map((entry) => entry.text);
    expect(hits.map((hit) => hit.text)).toEqual(expected);
    await library.close();
  });

  it("disposes the ranking context and model it loaded; a later call loads it again", async () => {
    kit = paperKit();
    const modelsDir = path.join(kit.dir, "models");
    await createTinyRerankerGguf({ dir: modelsDir, fileName: RERANKER_FILE });
    const catalog = catalogReranker(modelsDir, () => 1);
    const first = await catalog();
    const scores = await first!.rank("encoder layers", ["The encoder uses 12 attention layers.", "We thank the reviewers."]);
    await catalog.dispose();
    await expect(first!.rank("encoder layers", ["The encoder uses 12 attention layers."])).rejects.toThrow();
    const again = await catalog();
    expect(await again!.rank("encoder layers", ["The encoder uses 12 attention layers.", "We thank the reviewers."])).toEqual(scores);
    await catalog.dispose();
    await catalog.dispose(); // idempotent
  });

  it("without the file, or with a file that is no model, there is no reranker and retrieval keeps the RRF order", async () => {
    kit = paperKit();
    const { doc_id } = await kit.library.importFile(kit.write("sparse.pdf", await buildPaperPdf()));
    const rrf = (await kit.library.retrieve(QUESTION, { docIds: [doc_id], limit: 5 })).hits.map((hit) => hit.id);

    const empty = path.join(kit.dir, "models-empty");
    fs.mkdirSync(empty);
    expect(await catalogReranker(empty, () => 1)()).toBeUndefined();
    const broken = path.join(kit.dir, "models-broken");
    fs.mkdirSync(broken);
    fs.writeFileSync(path.join(broken, RERANKER_FILE), "not a gguf file");
    expect(await catalogReranker(broken, () => 1)()).toBeUndefined();

    for (const dir of [empty, broken]) {
      const library = new PaperLibrary({ dataDir: kit.dir, db: kit.appDb.db, embedder: kit.embedder, reranker: catalogReranker(dir, () => 1) });
      expect((await library.retrieve(QUESTION, { docIds: [doc_id], limit: 5 })).hits.map((hit) => hit.id)).toEqual(rrf);
      await library.close();
    }
  });
});
