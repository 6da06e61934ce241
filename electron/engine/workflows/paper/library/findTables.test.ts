import { describe, expect, it } from "vitest";
import { findTables, tablePieces, MAX_TABLE_CHARS } from "./findTables.js";
import { joinLine, parsePaper, type PaperLine } from "./parsePaper.js";

/** A PDF line from cells at x positions (hand-made, as pdfLayout would give them). */
function line(page: number, cells: Array<[string, number]>, paragraphStart = false, column: "full" | "left" | "right" = "full"): PaperLine {
  return { page, text: cells.map(([text]) => text).join(" "), size: 10, paragraphStart, cells: cells.map(([text, x]) => ({ text, x })), column };
}

describe("findTables", () => {
  it("joins a Chinese cell's wrapped line without a space and keeps the row's other cells", () => {
    const lines = [
      line(1, [["表 3：各方法的结果", 72]], true),
      line(1, [["方法", 72], ["说明", 160], ["准确率", 300]]),
      line(1, [["基线", 72], ["使用全部专家的", 160], ["89.1", 300]]),
      line(1, [["稠密模型", 160]]),
      line(1, [["稀疏路由", 72], ["每个词元选两个", 160], ["91.3", 300]]),
      line(1, [["专家", 160]]),
      line(1, [["下文是正文，不在表内。", 72]], true),
    ];
    const [table] = findTables(lines, joinLine);
    expect(table).toMatchObject({ start: 0, end: 6, number: "3", header: ["方法", "说明", "准确率"] });
    expect(table!.rows.map((row) => row.cells)).toEqual([
      ["基线", "使用全部专家的稠密模型", "89.1"],
      ["稀疏路由", "每个词元选两个专家", "91.3"],
    ]);
    const parsed = parsePaper(lines);
    expect(parsed.blocks.map((b) => b.kind)).toEqual(["table", "body"]);
    expect(parsed.blocks[0]!.text).toContain("| 基线 | 使用全部专家的稠密模型 | 89.1 |");
    expect(parsed.structure).toEqual([{ kind: "table", number: "3", label: "各方法的结果", page: 1, endPage: 1, block: 0 }]);
  });

  it("splits a long table only between rows, repeating caption and header in every piece", () => {
    const rows = Array.from({ length: 80 }, (_, i) => line(1, [[`method-${i}`, 72], [`a description of method ${i} long enough`, 150], [String(i), 400]]));
    const lines = [line(1, [["Table 1: Many methods.", 72]], true), line(1, [["Name", 72], ["Description", 150], ["Score", 400]]), ...rows];
    const [table] = findTables(lines, joinLine);
    const pieces = tablePieces(table!);
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) {
      expect(piece.text.length).toBeLessThanOrEqual(MAX_TABLE_CHARS);
      expect(piece.text).toMatch(/^Table 1: Many methods\.( \(continued\))?\n\n\| Name \| Description \| Score \|\n\| --- \| --- \| --- \|\n/);
    }
    const all = pieces.map((p) => p.text).join("\n");
    for (let i = 0; i < 80; i++) expect(all.split(`| method-${i} |`).length - 1).toBe(1);
  });

  it("drops a header row printed again on the continuation page instead of taking it for a data row", () => {
    const lines = [
      line(1, [["Table 4: Scores.", 324]], true, "right"),
      line(1, [["Model", 324], ["F1", 400]], false, "right"),
      line(1, [["A", 324], ["83.5", 400]], false, "right"),
      line(1, [["B", 324], ["84.1", 400]], false, "right"),
      line(2, [["model", 73], ["F1.", 149]], true, "left"),
      line(2, [["C", 72], ["85.0", 148]], false, "left"),
    ];
    const [table] = findTables(lines, joinLine);
    expect(table!.header).toEqual(["Model", "F1"]);
    expect(table!.rows).toEqual([
      { page: 1, cells: ["A", "83.5"] },
      { page: 1, cells: ["B", "84.1"] },
      { page: 2, cells: ["C", "85.0"] },
    ]);
    const pieces = tablePieces(table!);
    expect(pieces.map((piece) => piece.text.split("| Model | F1 |").length - 1)).toEqual([1, 1]);
    expect(pieces[1]!.text).not.toContain("| model |");
  });

  it("does not take a numbered equation or two gapped prose lines for a table", () => {
    const lines = [
      line(1, [["The loss is", 72]], true),
      line(1, [["L = a + b", 120], ["(3)", 280]]),
      line(1, [["s = c + d", 120], ["(4)", 280]]),
      line(1, [["Some words", 72], ["far away", 300]], true),
      line(1, [["A sentence that ends the paragraph here.", 72]]),
    ];
    expect(findTables(lines, joinLine)).toEqual([]);
    const kinds = parsePaper(lines).blocks.map((b) => [b.kind, b.text]);
    expect(kinds).toContainEqual(["equation", "L = a + b (3)"]);
    expect(kinds).toContainEqual(["equation", "s = c + d (4)"]);
  });
});
