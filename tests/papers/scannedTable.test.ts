import { afterEach, describe, expect, it } from "vitest";
import { TABLE2_HEADER, TABLE2_ROWS, buildTablePaperPdf } from "./tablePaperPdf.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";
import { scanPdf } from "./scanPdf.js";

/**
 * A scanned table, as an office scanner sends it: the table paper's pages 2 and 3 (Table 2 over
 * both, its header row printed again on page 3, and two numbered equations) drawn at 150 DPI, grey,
 * JPEG, written back as image-only pages; imported through the real OCR path (tesseract.js, real
 * SQLite and LanceDB).
 */

let kit: PaperKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

describe("a scanned table", () => {
  it("keeps its header row once per piece, its decimals, and the equation numbers beside it", { timeout: 600_000 }, async () => {
    kit = paperKit();
    const scanned = await scanPdf(await buildTablePaperPdf({ repeatHeader: true }), { pages: [2, 3], dpi: 150, grey: true });
    const { doc_id } = await kit.library.importFile(kit.write("scanned-table.pdf", scanned));
    const chunks = kit.library.repo.chunks(doc_id);
    const tables = chunks.filter((chunk) => chunk.kind === "table");
    expect(tables.map((chunk) => chunk.page)).toEqual([2, 3]);
    const headerRow = `| ${TABLE2_HEADER.join(" | ")} |`;
    for (const table of tables) {
      expect(typeof table.ocr_confidence).toBe("number");
      // The header row heads each piece exactly once: not lost, not repeated as a data row.
      expect(table.text.split("\n").filter((row) => row.toLowerCase() === headerRow.toLowerCase())).toEqual([headerRow]);
      expect(table.text).toContain(`${headerRow}\n| --- | --- | --- | --- |\n`);
    }
    const text = tables.map((chunk) => chunk.text).join("\n");
    // Every accuracy keeps its decimal point, in its column (experts and latencies have at most two digits).
    for (const [, experts, accuracy, latency] of TABLE2_ROWS) expect(text).toContain(`| ${experts} | ${accuracy} | ${latency} |`);
    expect(text).not.toMatch(/\|\s*\d{3,}\s*\|/);
    expect(kit.library.repo.structure(doc_id, "table")[0]).toMatchObject({ number: "2", page: 2, endPage: 3 });

    const equations = chunks.filter((chunk) => chunk.kind === "equation").map((chunk) => chunk.text);
    expect(equations.some((eq) => eq.includes("softmax") && eq.endsWith("(1)"))).toBe(true);
    expect(equations.some((eq) => eq.includes("balance") && eq.endsWith("(2)"))).toBe(true);
    expect(kit.library.repo.structure(doc_id, "equation").map((entry) => entry.number)).toEqual(expect.arrayContaining(["1", "2"]));
  });
});
