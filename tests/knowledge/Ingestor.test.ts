import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph } from "docx";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MaterialSchema } from "../../shared/knowledge.js";
import { KnowledgeService } from "../../electron/engine/knowledge/KnowledgeService.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { ingestSummary, toImportReport, type IngestProgress } from "../../electron/engine/knowledge/Ingestor.js";
import { HashEmbedder } from "./HashEmbedder.js";
import { makePdf } from "./makePdf.js";

let root: string;
let appDb: AppDb;
let db: Database.Database;
let service: KnowledgeService;
let embedder: HashEmbedder;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "kingest-"));
  // The real app.db (migrations, WAL, foreign keys on), as the engine opens it.
  appDb = AppDb.open(root);
  db = appDb.db;
  embedder = new HashEmbedder(32);
  service = new KnowledgeService({ dataDir: root, db, embedder });
});

afterEach(async () => {
  await service.close();
  appDb.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function writeLibrary(): Promise<string> {
  const lib = path.join(root, "lib");
  fs.mkdirSync(path.join(lib, "src"), { recursive: true });
  fs.writeFileSync(path.join(lib, "guide.md"), "# 写作指南\n\n## 结构\n先列提纲，再写正文。\n\n## 修改\n反复修改是写作的关键。\n");
  fs.writeFileSync(path.join(lib, "notes.txt"), "第一行：终身学习。\n第二行：深度学习改变了翻译。\n");
  fs.writeFileSync(path.join(lib, "tea.html"), "<html><body><h2>茶文化</h2><p>乌龙茶产自福建。</p><script>x()</script></body></html>");
  fs.writeFileSync(path.join(lib, "paper.pdf"), makePdf(["Transformers replaced recurrent networks.", "Attention heads specialise\nduring training."]));
  const docx = new Document({
    sections: [{
      children: [
        new Paragraph({ text: "项目报告", heading: HeadingLevel.HEADING_1 }),
        new Paragraph({ text: "进度", heading: HeadingLevel.HEADING_2 }),
        new Paragraph({ text: "本季度完成了检索模块。", alignment: AlignmentType.LEFT }),
      ],
    }],
  });
  fs.writeFileSync(path.join(lib, "report.docx"), await Packer.toBuffer(docx));
  fs.writeFileSync(path.join(lib, "src", "math.ts"), Array.from({ length: 90 }, (_, i) => `export const n${i} = ${i};`).join("\n"));
  fs.writeFileSync(path.join(lib, "broken.pdf"), "%PDF-1.4 this is not really a pdf");
  fs.writeFileSync(path.join(lib, "image.bin"), Buffer.from([1, 2, 3]));
  return lib;
}

describe("Ingestor via KnowledgeService", () => {
  it("ingests md/txt/html/pdf/docx/code with page and line metadata; a bad file is skipped", async () => {
    const lib = await writeLibrary();
    const progress: IngestProgress[] = [];
    const report = await service.ingest({ paths: [lib], collection: "library" }, { onProgress: (p) => progress.push(p) });

    expect(report.failed.map((f) => path.basename(f.path))).toEqual(["broken.pdf"]);
    expect(report.ingested.map((s) => s.kind).sort()).toEqual(["code", "docx", "html", "markdown", "pdf", "text"]);
    expect(progress.filter((p) => p.phase === "file").map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(progress.some((p) => p.phase === "batch")).toBe(true);

    const sources = service.sources("library");
    expect(sources).toHaveLength(6);
    for (const source of sources) expect(source.chunkCount).toBeGreaterThan(0);

    const pdf = await service.searchChunks("library", "Attention heads", { mode: "fts", limit: 3 });
    expect(pdf[0]!.page).toBe(2);
    expect(pdf[0]!.meta.file).toBe("paper.pdf");

    const code = await service.searchChunks("library", "n85", { mode: "fts", limit: 3, where: "lang = 'typescript'" });
    expect(code[0]!.lineStart).toBeGreaterThan(1);
    expect(code[0]!.lineEnd).toBe(90);
    expect(code[0]!.text).toContain("【文件：src/math.ts");

    const md = await service.searchChunks("library", "反复修改", { mode: "fts", limit: 1 });
    expect(md[0]!.headingPath).toBe("写作指南 > 修改");
    expect(md[0]!.text.startsWith("【所属章节：写作指南 > 修改】")).toBe(true);
    expect(md[0]!.lineStart).toBe(7);

    const docx = await service.searchChunks("library", "检索模块", { mode: "fts", limit: 1 });
    expect(docx[0]!.headingPath).toBe("项目报告 > 进度");
    expect(docx[0]!.lineStart).toBeNull();
    const html = await service.searchChunks("library", "乌龙茶", { mode: "fts", limit: 1 });
    expect(html[0]!.headingPath).toBe("茶文化");
    expect(html[0]!.text).not.toContain("x()");
    const txt = await service.searchChunks("library", "深度学习", { mode: "fts", limit: 1 });
    expect(txt[0]!.meta.file).toBe("notes.txt");
  });

  it("reports per file: imported, skipped (unchanged, unsupported, empty) and failed with a reason", async () => {
    const lib = path.join(root, "mixed");
    fs.mkdirSync(lib);
    fs.writeFileSync(path.join(lib, "good.md"), "# 好\n\n先列提纲，再写正文。\n");
    fs.writeFileSync(path.join(lib, "broken.pdf"), "%PDF-1.4 this is not really a pdf");
    fs.writeFileSync(path.join(lib, "image.bin"), Buffer.from([1, 2, 3]));
    fs.writeFileSync(path.join(lib, "empty.txt"), "");
    const first = toImportReport(await service.ingest({ paths: [lib], collection: "library" }));
    const byName = (report: typeof first) => Object.fromEntries(report.files.map((f) => [path.basename(f.path), f]));
    expect(first).toMatchObject({ imported: 1, skipped: 2, failed: 1 });
    expect(byName(first)["good.md"]).toMatchObject({ status: "imported", chunks: 1 });
    expect(byName(first)["image.bin"]).toMatchObject({ status: "skipped", code: "unsupported_type" });
    expect(byName(first)["empty.txt"]).toMatchObject({ status: "skipped", code: "empty" });
    expect(byName(first)["broken.pdf"]).toMatchObject({ status: "failed", code: "corrupt", reason: expect.stringContaining("not a readable PDF") });
    // Failed files come first in the list.
    expect(first.files[0]!.status).toBe("failed");

    const again = await service.ingest({ paths: [lib, path.join(lib, "image.bin")], collection: "library" });
    const second = toImportReport(again);
    expect(second).toMatchObject({ imported: 0, failed: 1 });
    expect(byName(second)["good.md"]).toMatchObject({ status: "skipped", code: "unchanged" });
    // An unsupported file named on its own is skipped too, not a failure.
    expect(second.files.filter((f) => f.code === "unsupported_type")).toHaveLength(2);
    expect(ingestSummary(again)).toMatch(/^ingested 0, unchanged 2, failed 1, skipped 2, chunks 0: broken\.pdf \(/);
  });

  it("re-ingesting unchanged files is a no-op; a changed file replaces its chunks", async () => {
    const lib = await writeLibrary();
    await service.ingest({ paths: [lib], collection: "library" });
    const embeddedBefore = embedder.embedded;
    const again = await service.ingest({ paths: [lib], collection: "library" });
    expect(again.ingested).toHaveLength(0);
    expect(again.unchanged).toHaveLength(6);
    expect(embedder.embedded).toBe(embeddedBefore);

    const guide = path.join(lib, "guide.md");
    fs.writeFileSync(guide, "# 写作指南\n\n## 新章\n读者第一。\n");
    const changed = await service.ingest({ paths: [guide], collection: "library" });
    expect(changed.ingested).toHaveLength(1);
    expect(changed.ingested[0]!.chunkCount).toBe(1);
    expect(await service.searchChunks("library", "反复修改", { mode: "fts", limit: 5 })).toHaveLength(0);
    expect((await service.searchChunks("library", "读者第一", { mode: "fts", limit: 5 }))[0]!.headingPath).toBe("写作指南 > 新章");
    expect(service.sources("library")).toHaveLength(6);
  });

  it("deleteSource removes the chunks from app.db and LanceDB", async () => {
    const lib = await writeLibrary();
    await service.ingest({ paths: [lib], collection: "library" });
    const guide = service.sources("library").find((s) => s.path.endsWith("guide.md"))!;
    const before = await service.countChunks("library");
    await service.deleteSource(guide.id);
    expect(await service.countChunks("library")).toBe(before - guide.chunkCount);
    expect(db.prepare("SELECT count(*) AS n FROM chunks WHERE source_id = ?").get(guide.id)).toEqual({ n: 0 });
    expect(service.sources("library").some((s) => s.id === guide.id)).toBe(false);
    expect(await service.searchChunks("library", "反复修改", { mode: "fts", limit: 5 })).toHaveLength(0);
    await expect(service.deleteSource(guide.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("rebuilds the index from app.db: reindex, and after the lancedb folder is lost", async () => {
    const lib = await writeLibrary();
    await service.ingest({ paths: [lib], collection: "library" });
    const count = await service.countChunks("library");
    expect(await service.reindex("library")).toBe(count);
    expect(await service.countChunks("library")).toBe(count);

    await service.close();
    fs.rmSync(path.join(root, "lancedb"), { recursive: true, force: true });
    service = new KnowledgeService({ dataDir: root, db, embedder });
    expect(await service.countChunks("library")).toBe(count);
    expect((await service.searchChunks("library", "乌龙茶", { mode: "fts", limit: 1 }))[0]!.headingPath).toBe("茶文化");
  });

  it("serves the library as schema-valid materials and honours cancellation", async () => {
    const lib = await writeLibrary();
    await service.ingest({ paths: [lib], collection: "library" });
    const provider = service.libraryProvider();
    const materials = await provider.search("写作的关键", { limit: 5 });
    expect(materials.length).toBeGreaterThan(0);
    for (const material of materials) {
      expect(() => MaterialSchema.parse(material)).not.toThrow();
      expect(material.source_type).toBe("library");
      expect(material.recUuid).toBe(material.id);
    }
    expect(materials[0]!.source).toBe("guide.md · 写作指南 > 修改");
    expect(materials[0]!.content).toBe("反复修改是写作的关键。");
    expect((await provider.healthCheck()).ok).toBe(true);

    const controller = new AbortController();
    controller.abort();
    await expect(service.ingest({ paths: [lib], collection: "papers" }, { signal: controller.signal })).rejects.toMatchObject({ code: "aborted" });
  });
});
