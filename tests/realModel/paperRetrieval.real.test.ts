import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { EmbeddingService } from "../../electron/engine/knowledge/EmbeddingService.js";
import { PaperLibrary } from "../../electron/engine/workflows/paper/library/PaperLibrary.js";
import { PAPER_TABLES } from "../../electron/engine/workflows/paper/library/paperMigrations.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { buildPaperPdf } from "../papers/paperPdf.js";
import { retrievalSet } from "../papers/retrievalSet.js";
import { describeReal } from "./describeReal.js";
import { realThreads } from "./realModelPath.js";

/**
 * Page recall@5 on the labelled 15-page paper with the real model as the embedder, as
 * the app embeds without an embedding model, beside the tests' tiny GGUF (random weights) on the
 * same questions: the real model must keep the thresholds and do no worse than noise vectors.
 */
interface Recall {
  exact: number;
  overall: number;
}

async function pageRecall(modelPath: string, threads?: number): Promise<Recall> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paper-recall-real-"));
  const embedder = await EmbeddingService.load({ modelPath, contexts: 1, contextSize: 512, ...(threads ? { threads } : {}) });
  const appDb = AppDb.open(dir, { migrations: [PAPER_TABLES] });
  const library = new PaperLibrary({ dataDir: dir, db: appDb.db, embedder });
  try {
    const file = path.join(dir, "paper15.pdf");
    fs.writeFileSync(file, await buildPaperPdf(15));
    const { doc_id } = await library.importFile(file);
    const set = retrievalSet(15);
    let exactFound = 0;
    let exactTotal = 0;
    let found = 0;
    for (const q of set) {
      const { hits } = await library.retrieve(q.question, { docIds: [doc_id], limit: 5 });
      const hit = hits.some((h) => h.page === q.page);
      if (hit) found++;
      if (q.kind === "exact") {
        exactTotal++;
        if (hit) exactFound++;
      }
    }
    return { exact: exactFound / exactTotal, overall: found / set.length };
  } finally {
    await library.close();
    appDb.close();
    await embedder.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describeReal("paper retrieval with the real model as the embedder", (modelPath) => {
  let tiny: Recall;
  let real: Recall;
  beforeAll(async () => {
    tiny = await pageRecall(await createTinyGguf());
    real = await pageRecall(modelPath, realThreads());
    console.log(`[real] page recall@5: real model exact ${real.exact.toFixed(3)} overall ${real.overall.toFixed(3)}; tiny GGUF exact ${tiny.exact.toFixed(3)} overall ${tiny.overall.toFixed(3)}`);
  }, 600_000);

  it("reaches page recall@5 ≥ 0.9 on exact-term questions and ≥ 0.75 overall, no lower than the random-weight embedder", () => {
    expect(real.exact).toBeGreaterThanOrEqual(0.9);
    expect(real.overall).toBeGreaterThanOrEqual(0.75);
    expect(real.overall).toBeGreaterThanOrEqual(tiny.overall);
  });
});
