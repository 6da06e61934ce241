import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { paperKit, type PaperKit } from "./paperTestKit.js";

const FIXTURES = path.join(import.meta.dirname, "../fixtures/office");

let kit: PaperKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

describe("papers from PPTX, XLSX, ODT and EPUB (real SQLite, LanceDB)", () => {
  it("a deck's slides are the paper's pages, so [p.N] names the slide", async () => {
    kit = paperKit();
    const file = kit.write("deck.pptx", fs.readFileSync(path.join(FIXTURES, "deck.pptx")));
    const { doc_id, pages, title } = await kit.library.importFile(file);
    expect(pages).toBe(3);
    expect(title).toBe("本地模型部署指南");
    const pageOf = (needle: string) => kit!.library.repo.chunks(doc_id).find((chunk) => chunk.text.includes(needle))?.page;
    expect(pageOf("校验 SHA-256")).toBe(2);
    expect(pageOf("SmolLM2")).toBe(3);
  });

  it("a workbook, a document and a book import with their text; an old binary format is refused by name", async () => {
    kit = paperKit();
    for (const [name, needle] of [["grades.xlsx", "91.25"], ["guide.odt", "Closing notes"], ["book.epub", "llama.cpp"]] as const) {
      const { doc_id } = await kit.library.importFile(kit.write(name, fs.readFileSync(path.join(FIXTURES, name))));
      expect(kit.library.repo.chunks(doc_id).some((chunk) => chunk.text.includes(needle)), name).toBe(true);
    }
    await expect(kit.library.importFile(kit.write("old.ppt", "binary"))).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("old.ppt: unsupported paper format; import PDF, DOCX, ODT, PPTX, XLSX, EPUB"),
    });
  });
});
