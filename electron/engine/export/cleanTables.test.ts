import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanMarkdownTables, parseMarkdown } from "./cleanTables.js";
import type { Table } from "mdast";

const tablesOf = (markdown: string): Table[] => parseMarkdown(markdown).children.filter((node): node is Table => node.type === "table");
const widths = (table: Table) => table.children.map((row) => row.children.length);

describe("cleanMarkdownTables", () => {
  it("squares ragged rows to the header's width: short rows padded, extra cells merged into the last column", () => {
    const ragged = "| 指标 | 2023 | 2024 |\n|---|---|---|\n| 营收 | 10 |\n| 利润 | 1 | 2 | 备注 |\n";
    const cleaned = cleanMarkdownTables(ragged);
    const [table] = tablesOf(cleaned);
    expect(widths(table!)).toEqual([3, 3, 3]);
    expect(cleaned).toContain("| 营收 | 10   |");
    expect(cleaned).toMatch(/\| 利润 \| 1 +\| 2 备注 \|/);
  });

  it("drops empty body rows but keeps the header", () => {
    const cleaned = cleanMarkdownTables("| a | b |\n|---|---|\n| 1 | 2 |\n|  |  |\n");
    expect(tablesOf(cleaned)[0]!.children).toHaveLength(2);
  });

  it("leaves everything outside tables byte for byte, citations unescaped", () => {
    const prose = "# 标题\n\n正文引用 [m001]，*强调* 与 __粗体__。\n\n* 列表项 [m002]\n";
    const markdown = `${prose}\n| a | b |\n|---|---|\n| [m003] |\n\n结尾 [m004]。\n`;
    const cleaned = cleanMarkdownTables(markdown);
    expect(cleaned.startsWith(prose)).toBe(true);
    expect(cleaned.endsWith("\n\n结尾 [m004]。\n")).toBe(true);
    expect(cleaned).toContain("| [m003] |");
    expect(cleaned).not.toContain("\\[");
    expect(cleanMarkdownTables("没有表格 [m001]")).toBe("没有表格 [m001]");
  });

  it("every row of every table ends up as wide as its header (property)", () => {
    const cell = fc.stringMatching(/^[a-z0-9一二三]{1,4}$/);
    const row = fc.array(cell, { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 5 }), fc.array(row, { minLength: 1, maxLength: 5 }), (header, rows) => {
        const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
        const markdown = [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
        const tables = tablesOf(cleanMarkdownTables(markdown));
        expect(tables).toHaveLength(1);
        for (const width of widths(tables[0]!)) expect(width).toBe(header.length);
      }),
      { numRuns: 60 },
    );
  });
});
