import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { OcrProgress } from "../../electron/engine/io/pdf/readPdfPages.js";
import { ScriptoriumError } from "../../shared/errors.js";
import { buildEncryptedPdf, buildPaperPdf } from "./paperPdf.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";
import { scanChinesePdf, scanPdf } from "./scanPdf.js";

/**
 * OCR of scanned papers, on fixtures the tests make: text pages rendered to images and
 * written back as image-only PDFs (English, Chinese, and a mixed file), recognised by the real
 * tesseract.js with the traineddata from npm.
 */

const PAGES = 10;

/** Questions whose answer page is known; the filler pages differ only by their numbers. */
const QUESTIONS: Array<[string, number]> = [
  ["How many experts per layer does configuration K4 use?", 4],
  ["What latency per document was observed in study 5?", 5],
  ["Which capacity factor does configuration K6 have?", 6],
  ["What routing entropy and latency were measured for configuration K7?", 7],
  ["How many experts per layer does configuration K8 use?", 8],
  ["What latency was observed in study 9?", 9],
  ["Which optimizer and learning rate were used for training, and for how many epochs?", 2],
  ["What does the auxiliary term R balance?", 2],
  ["How many attention layers and which hidden size does the encoder use?", 2],
  ["What accuracy does the dense baseline reach on DocBench in Table 1?", 3],
  ["Which number of experts works best in the ablation?", 3],
  ["Which multilingual documents were not studied in the conclusion?", PAGES],
];

async function pageRecallAt5(kit: PaperKit, docId: string): Promise<number> {
  let found = 0;
  for (const [question, page] of QUESTIONS) {
    const { hits } = await kit.library.retrieve(question, { docIds: [docId], limit: 5 });
    if (hits.some((hit) => hit.page === page)) found++;
  }
  return found / QUESTIONS.length;
}

let kit: PaperKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

describe("scanned papers are read by OCR", () => {
  it("imports a scanned English paper page by page, with confidence, and retrieves as well as from its text layer", { timeout: 600_000 }, async () => {
    kit = paperKit();
    const original = await buildPaperPdf(PAGES);
    const scanned = await scanPdf(original);
    const progress: OcrProgress[] = [];
    const started = Date.now();
    const scan = await kit.library.importFile(kit.write("scan.pdf", scanned), undefined, (p) => progress.push(p));
    const seconds = (Date.now() - started) / 1000;
    expect(scan.pages).toBe(PAGES);
    // One event per page, counting up to the total, each with an ETA.
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
    expect(progress.every((p) => p.total === PAGES && typeof p.etaSeconds === "number")).toBe(true);
    expect(new Set(progress.map((p) => p.page))).toEqual(new Set(Array.from({ length: PAGES }, (_, i) => i + 1)));

    const chunks = kit.library.repo.chunks(scan.doc_id);
    expect(chunks.every((chunk) => typeof chunk.ocr_confidence === "number" && chunk.ocr_confidence > 0.6)).toBe(true);
    const text = chunks.map((chunk) => chunk.text).join("\n");
    for (const phrase of ["SparseRoute", "91.3", "Configuration K7 uses 9 experts", "learning rate of 0.0003"]) expect(text).toContain(phrase);
    // The reader keeps each scanned page's line boxes for highlighting.
    const boxes = kit.library.repo.pageOcr(scan.doc_id).get(2)!;
    expect(boxes.lines.some((line) => line.text.includes("Training Details") && line.x0 > 300 && line.y1 < 792)).toBe(true);

    const text0 = await kit.library.importFile(kit.write("original.pdf", original));
    expect(kit.library.repo.chunks(text0.doc_id).every((chunk) => chunk.ocr_confidence === null)).toBe(true);
    const recallText = await pageRecallAt5(kit, text0.doc_id);
    const recallScan = await pageRecallAt5(kit, scan.doc_id);
    console.log(`OCR import: ${PAGES} pages in ${seconds.toFixed(1)} s; page recall@5 text layer ${recallText.toFixed(2)}, scanned ${recallScan.toFixed(2)}`);
    expect(Math.abs(recallText - recallScan)).toBeLessThanOrEqual(0.15);
  });

  it("OCRs only the scanned pages of a mixed file", { timeout: 300_000 }, async () => {
    kit = paperKit();
    const mixed = await scanPdf(await buildPaperPdf(4), { pages: [2, 3] });
    const progress: OcrProgress[] = [];
    const { doc_id } = await kit.library.importFile(kit.write("mixed.pdf", mixed), undefined, (p) => progress.push(p));
    expect(progress.map((p) => [p.done, p.total])).toEqual([[1, 2], [2, 2]]);
    const byPage = new Map<number, Array<number | null | undefined>>();
    for (const chunk of kit.library.repo.chunks(doc_id)) byPage.set(chunk.page, [...(byPage.get(chunk.page) ?? []), chunk.ocr_confidence]);
    expect(byPage.get(1)!.every((c) => c === null)).toBe(true);
    expect(byPage.get(4)!.every((c) => c === null)).toBe(true);
    expect(byPage.get(2)!.every((c) => typeof c === "number")).toBe(true);
    expect(byPage.get(3)!.every((c) => typeof c === "number")).toBe(true);
    expect([...kit.library.repo.pageOcr(doc_id).keys()].sort()).toEqual([2, 3]);
    // The text-layer pages are as before: exact text.
    expect(kit.library.repo.chunks(doc_id).some((c) => c.page === 1 && c.text.includes("routes each token to two of eight experts"))).toBe(true);
  });

  it("reads a scanned Chinese document with its characters joined, not spaced", { timeout: 300_000 }, async () => {
    kit = paperKit();
    const sentences = [
      "我们提出一种新的稀疏路由方法，在文档理解任务上取得了百分之九十一的准确率。",
      "该方法使用八个专家，每个词元选择其中两个专家进行计算。",
      "实验表明，专家数量增加到十六个时准确率没有继续提高。",
    ];
    const pdf = await scanChinesePdf([["稀疏路由模型", ...sentences], ["第二章 训练细节", "我们使用学习率为零点零零零三的优化器训练三十个轮次。"]]);
    const { doc_id, pages } = await kit.library.importFile(kit.write("zh-scan.pdf", pdf));
    expect(pages).toBe(2);
    const text = kit.library.repo.chunks(doc_id).map((chunk) => chunk.text).join("\n");
    expect(text).not.toMatch(/[\u4e00-\u9fff] [\u4e00-\u9fff]/);
    // Character bigram recall against what was drawn: OCR of clean print is near exact.
    const expected = [...sentences, "我们使用学习率为零点零零零三的优化器训练三十个轮次。"].join("");
    const bigrams = (s: string) => new Set([...s].slice(1).map((c, i) => s[i] + c));
    const got = bigrams(text);
    const want = [...bigrams(expected)];
    const recall = want.filter((b) => got.has(b)).length / want.length;
    console.log(`Chinese OCR character-bigram recall ${recall.toFixed(3)}`);
    expect(recall).toBeGreaterThan(0.85);
    expect(kit.library.language(doc_id)).toBe("zh");
  });

  it("a cancel during OCR stops the import and leaves nothing behind", { timeout: 300_000 }, async () => {
    kit = paperKit();
    const scanned = await scanPdf(await buildPaperPdf(6));
    const controller = new AbortController();
    const pages: number[] = [];
    const error = await kit.library
      .importFile(kit.write("cancel.pdf", scanned), controller.signal, (p) => {
        pages.push(p.done);
        controller.abort();
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptoriumError);
    expect((error as ScriptoriumError).code).toBe("aborted");
    expect((error as Error).message).toContain("cancel.pdf");
    expect(pages.length).toBeLessThan(6);
    expect(kit.library.list()).toEqual([]);
    expect(kit.appDb.db.prepare("SELECT count(*) AS n FROM paper_chunks").get()).toEqual({ n: 0 });
  });

  it("an encrypted file is still refused with a message naming it, before any OCR", async () => {
    kit = paperKit();
    await expect(kit.library.importFile(kit.write("locked.pdf", buildEncryptedPdf()), undefined, () => expect.fail("no OCR"))).rejects.toThrow(/locked\.pdf: the PDF is encrypted/);
  });

  it("reads the traineddata from the npm packages and never touches the network (worker threads included)", { timeout: 300_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ocr-offline-"));
    try {
      const file = path.join(dir, "scan.pdf");
      fs.writeFileSync(file, await scanChinesePdf([["离线识别", "扫描页面在本机识别，不联网下载任何数据。"]]));
      const log = path.join(dir, "network.log");
      const child = spawnSync(process.execPath, ["--import", import.meta.resolve("tsx"), "--import", path.join(import.meta.dirname, "blockNetwork.mjs"), path.join(import.meta.dirname, "ocrOfflineRun.ts"), file], {
        cwd: dir,
        env: { ...process.env, BLOCK_NETWORK_LOG: log },
        encoding: "utf8",
        timeout: 240_000,
      });
      expect(child.status, child.stderr).toBe(0);
      const result = JSON.parse(child.stdout) as { text: string; ocr: Array<number | null> };
      expect(result.text).toContain("本机识别");
      expect(result.ocr[0]).toBeGreaterThan(0.5);
      const lines = fs.readFileSync(log, "utf8").trim().split("\n");
      // The guard ran in the main thread and in tesseract's worker thread, and saw no attempt.
      expect(lines.filter((line) => line.startsWith("loaded")).length).toBeGreaterThanOrEqual(2);
      expect(lines.filter((line) => line.startsWith("network"))).toEqual([]);
      // Nothing was cached into the working directory either.
      expect(fs.readdirSync(dir).filter((name) => name.endsWith(".traineddata"))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
