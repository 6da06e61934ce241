import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readPdfPages } from "../electron/engine/io/pdf/readPdfPages.js";
import { PaperLibrary } from "../electron/engine/workflows/paper/library/PaperLibrary.js";
import { PAPER_TABLES } from "../electron/engine/workflows/paper/library/paperMigrations.js";
import { AppDb } from "../electron/engine/storage/AppDb.js";
import { HashEmbedder } from "../tests/knowledge/HashEmbedder.js";
import { buildPaperPdf } from "../tests/papers/paperPdf.js";
import { scanPdf } from "../tests/papers/scanPdf.js";
import type { BenchContext, GroupResult } from "./lib/types.js";
import { emptyResult } from "./lib/types.js";

/**
 * OCR of scanned papers: the test suite's generated two-column paper, "scanned" (pages drawn at 150 DPI
 * and written back as an image-only PDF), read by the engine's OCR path.
 * - `ocr.seconds_per_page_2_cores`: wall seconds per page with a 2-worker pool (rendering at
 *   200 DPI included), the figure a 2-core laptop sees;
 * - `ocr.import_15_page_scan_s`: a whole 15-page scanned paper through PaperLibrary.importFile
 *   (OCR with the pool sized to the cores, layout, chunking, SQLite and LanceDB; the hash embedder,
 *   so the embedding model's time is not in it). Full mode only: it takes about a minute.
 */
export async function ocrBench(ctx: BenchContext): Promise<GroupResult> {
  const result = emptyResult();
  const pages = ctx.quick ? 4 : 15;
  const scanned = await scanPdf(await buildPaperPdf(pages));
  const started = Date.now();
  const read = await readPdfPages(scanned, "bench-scan.pdf", { workers: 2 });
  const seconds = (Date.now() - started) / 1000;
  const ocrPages = read.filter((page) => page.ocr).length;
  result.metrics["ocr.seconds_per_page_2_cores"] = seconds / ocrPages;
  result.notes.push(`${ocrPages}/${pages} pages OCR'd by 2 workers in ${seconds.toFixed(1)} s (machine: ${os.availableParallelism()} cores)`);
  ctx.log(`ocr: ${(seconds / ocrPages).toFixed(2)} s/page on 2 workers`);

  if (ctx.quick) {
    result.metrics["ocr.import_15_page_scan_s"] = null;
    result.reasons["ocr.import_15_page_scan_s"] = "full mode only (about a minute of OCR)";
    return result;
  }
  const appDb = AppDb.open(path.join(ctx.tmpDir, "ocr-bench"), { migrations: [PAPER_TABLES] });
  const library = new PaperLibrary({ dataDir: path.join(ctx.tmpDir, "ocr-bench"), db: appDb.db, embedder: new HashEmbedder(64) });
  try {
    const file = path.join(ctx.tmpDir, "scan-15.pdf");
    fs.writeFileSync(file, scanned);
    const importStarted = Date.now();
    const imported = await library.importFile(file);
    const importSeconds = (Date.now() - importStarted) / 1000;
    result.metrics["ocr.import_15_page_scan_s"] = importSeconds;
    result.notes.push(`15-page scan imported in ${importSeconds.toFixed(1)} s (${imported.pages} pages, ${library.repo.chunks(imported.doc_id).length} chunks; pool of ${Math.min(os.availableParallelism(), 15)} workers)`);
  } finally {
    await library.close();
    appDb.close();
  }
  return result;
}
