import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Settings } from "../../shared/models.js";
import { PAPER_TABLES } from "../../electron/engine/workflows/paper/library/paperMigrations.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { PaperService } from "../../electron/engine/workflows/paper/library/PaperService.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { buildPaperPdf } from "./paperPdf.js";

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

function service(): { papers: PaperService; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paper-report-"));
  const appDb = AppDb.open(dir, { migrations: [PAPER_TABLES] });
  const papers = new PaperService({ dataDir: dir, modelsDir: path.join(dir, "models"), db: appDb.db, settings: () => ({}) as Settings, llm: () => undefined, embedder: new HashEmbedder(64), reranker: async () => undefined });
  cleanup = async () => {
    await papers.dispose();
    appDb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { papers, dir };
}

describe("paper.import reports per file", () => {
  it("goes on past a failed file: imported, duplicate (skipped) and failed with a reason code", async () => {
    const { papers, dir } = service();
    const good = path.join(dir, "good.pdf");
    fs.writeFileSync(good, await buildPaperPdf());
    const copy = path.join(dir, "copy.pdf");
    fs.copyFileSync(good, copy);
    const broken = path.join(dir, "broken.pdf");
    fs.writeFileSync(broken, "%PDF-1.7\n1 0 obj garbage");
    const empty = path.join(dir, "empty.pdf");
    fs.writeFileSync(empty, "");

    const files: string[] = [];
    const result = await papers.import({ paths: [good, broken, copy, empty] }, undefined, (_done, _total, name) => files.push(name));
    expect(result.papers.map((p) => p.existing)).toEqual([false, true]);
    expect(files).toEqual(["good.pdf", "broken.pdf", "copy.pdf", "empty.pdf"]);
    expect(result.report).toMatchObject({ imported: 1, skipped: 1, failed: 2 });
    const byPath = Object.fromEntries(result.report!.files.map((f) => [path.basename(f.path), f]));
    expect(byPath["good.pdf"]).toMatchObject({ status: "imported" });
    expect(byPath["copy.pdf"]).toMatchObject({ status: "skipped", code: "duplicate" });
    expect(byPath["broken.pdf"]).toMatchObject({ status: "failed", code: "corrupt", reason: expect.stringContaining("not a readable PDF") });
    expect(byPath["empty.pdf"]).toMatchObject({ status: "failed", code: "empty" });
  });

  it("fails as before when every file fails", async () => {
    const { papers, dir } = service();
    const broken = path.join(dir, "broken.pdf");
    fs.writeFileSync(broken, "%PDF-1.7\n1 0 obj garbage");
    await expect(papers.import({ paths: [broken] })).rejects.toThrow(/broken\.pdf: not a readable PDF/);
  });
});
