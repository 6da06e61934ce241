import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterEach, describe, expect, it } from "vitest";
import { KnowledgeService } from "../../electron/engine/knowledge/KnowledgeService.js";
import { loadDocument } from "../../electron/engine/knowledge/ingest/loadDocument.js";
import { readOfficeDocument } from "../../electron/engine/knowledge/ingest/office/readOfficeDocument.js";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { HashEmbedder } from "./HashEmbedder.js";

/** Files made by python-pptx, openpyxl + LibreOffice and pandoc (tests/fixtures/office/makeOfficeFixtures.sh). */
const FIXTURES = path.join(import.meta.dirname, "../fixtures/office");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

describe("PPTX, XLSX, ODT and EPUB read as Markdown pages", () => {
  it("a PPTX: one page per slide, the title placeholder as heading, bullets, the table and the speaker notes", async () => {
    const deck = await readOfficeDocument("pptx", fixture("deck.pptx"), "deck.pptx");
    expect(deck.title).toBe("本地模型部署指南");
    expect(deck.pages).toHaveLength(3);
    expect(deck.pages[0]).toMatch(/^## 本地模型部署指南\n\nScriptorium 测试幻灯片$/);
    expect(deck.pages[1]).toContain("## 部署步骤");
    expect(deck.pages[1]).toContain("- 校验 SHA-256 值");
    expect(deck.pages[1]).toContain("> 讲者备注：强调全程离线部署。");
    expect(deck.pages[2]).toContain("| Model | Tokens/s | Accuracy |");
    expect(deck.pages[2]).toContain("| Gemma 3 270M | 83.5 | 0.61 |");
  });

  it("an XLSX: one page per sheet, its header row kept once, decimals, dates, empty cells and cached formula values", async () => {
    const book = await readOfficeDocument("xlsx", fixture("grades.xlsx"), "grades.xlsx");
    expect(book.pages).toHaveLength(2);
    const rows = book.pages[0]!.split("\n");
    expect(rows[0]).toBe("## 成绩");
    expect(rows.filter((row) => row.startsWith("| 姓名 |"))).toHaveLength(1);
    expect(book.pages[0]).toContain("| 王小明 | 83.5 | 2026-03-01 | 补考 |");
    expect(book.pages[0]).toContain("| Ada Lovelace | 91.25 | 2026-03-02 |  |");
    // An empty cell keeps its column: 缺考 stays under 备注.
    expect(book.pages[0]).toContain("| 李雷 |  | 2026-03-03 | 缺考 |");
    expect(book.pages[1]).toContain("| Sum of 0.1 and 0.2 | 0.3 |");
    expect(book.pages[1]).toContain("| Passed | TRUE |");
  });

  it("an ODT: headings, list items, the table, the footnote after its page, and the office suite's page breaks", async () => {
    const guide = await readOfficeDocument("odt", fixture("guide.odt"), "guide.odt");
    expect(guide.pages.length).toBeGreaterThan(1);
    const first = guide.pages[0]!;
    expect(first.startsWith("# 离线部署说明")).toBe(true);
    expect(first).toContain("本文说明如何在内网部署 Scriptorium。[1]");
    expect(first).toContain("[1] 内网指不能访问互联网的网络。");
    expect(first).toContain("- 一台双核电脑");
    expect(first).toContain("| 内存 | 8.5 GB |");
    expect(guide.pages.at(-1)).toContain("## Closing notes");
    // Every step once, in order, across the pages.
    const steps = guide.pages.join("\n").match(/第 (\d+) 步/g)!.map((step) => Number(step.replace(/\D/g, "")));
    expect(steps).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it("an EPUB: one page per spine document in reading order, with the package's title", async () => {
    const book = await readOfficeDocument("epub", fixture("book.epub"), "book.epub");
    expect(book.title).toBe("离线写作手册");
    const chapterOne = book.pages.findIndex((page) => page.includes("# 第一章 为什么离线"));
    const chapterTwo = book.pages.findIndex((page) => page.includes("# Chapter 2 How it works"));
    expect(chapterOne).toBeGreaterThanOrEqual(0);
    expect(chapterTwo).toBe(chapterOne + 1);
    expect(book.pages[chapterOne]).toContain("数据不能出内网");
  });

  it("a file that is not what its extension says is a bad_request naming the file; a zip without the part too", async () => {
    await expect(readOfficeDocument("pptx", Buffer.from("plain text, not a zip"), "/x/fake.pptx")).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringMatching(/^fake\.pptx: not a readable PowerPoint \(\.pptx\) file/),
    });
    const zip = new JSZip();
    zip.file("hello.txt", "hi");
    const notAnEpub = await zip.generateAsync({ type: "nodebuffer" });
    await expect(readOfficeDocument("epub", notAnEpub, "book.epub")).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("book.epub: not a readable EPUB (.epub) file (META-INF/container.xml is missing)"),
    });
  });

  it("chunks carry the slide, sheet or chapter as their page", async () => {
    const { kind, chunks } = await loadDocument("deck.pptx", fixture("deck.pptx"));
    expect(kind).toBe("pptx");
    expect(chunks.find((chunk) => chunk.text.includes("校验 SHA-256"))!.page).toBe(2);
    expect(chunks.find((chunk) => chunk.text.includes("SmolLM2"))!.headingPath).toBe("Benchmark results");
    const sheet = await loadDocument("grades.xlsx", fixture("grades.xlsx"));
    expect(sheet.chunks.find((chunk) => chunk.text.includes("0.3"))!.page).toBe(2);
  });
});

describe("the library imports the four formats (real SQLite and LanceDB)", () => {
  let root: string;
  let appDb: AppDb;
  let service: KnowledgeService;
  afterEach(async () => {
    await service.close();
    appDb.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("ingests a folder of PPTX, XLSX, ODT and EPUB files and finds each by its words", async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "office-ingest-"));
    appDb = AppDb.open(root);
    service = new KnowledgeService({ dataDir: root, db: appDb.db, embedder: new HashEmbedder(32) });
    const lib = path.join(root, "lib");
    fs.mkdirSync(lib);
    for (const name of ["deck.pptx", "grades.xlsx", "guide.odt", "book.epub"]) fs.copyFileSync(path.join(FIXTURES, name), path.join(lib, name));
    fs.writeFileSync(path.join(lib, "legacy.ppt"), "an old binary deck");

    const report = await service.ingest({ paths: [lib], collection: "library" });
    expect(report.failed).toEqual([]);
    expect(report.ingested.map((source) => source.kind).sort()).toEqual(["epub", "odt", "pptx", "xlsx"]);
    expect(report.skipped.map((skip) => [path.basename(skip.path), skip.code])).toEqual([["legacy.ppt", "unsupported_type"]]);

    const find = async (query: string) => (await service.searchChunks("library", query, { mode: "fts", limit: 1 }))[0]!;
    expect((await find("校验")).meta.file).toBe("deck.pptx");
    expect((await find("Lovelace")).meta.file).toBe("grades.xlsx");
    expect((await find("Closing notes")).meta.file).toBe("guide.odt");
    expect((await find("llama.cpp")).meta.file).toBe("book.epub");
  });
});
