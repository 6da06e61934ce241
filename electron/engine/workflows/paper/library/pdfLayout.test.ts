import { describe, expect, it } from "vitest";
import { stripRunningLines, type LayoutLine, type PageLayout } from "./pdfLayout.js";

const at = (text: string, y: number): LayoutLine => ({ text, cells: [{ text, x: 72 }], x: 72, y, size: 9, column: "full" });
const ocr = { confidence: 0.9, lines: [] };

function page(number: number, head: string, scanned: boolean): PageLayout {
  const words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"];
  const body = [0, 1, 2, 3, 4].map((k) => at(`Body ${words[number - 1]} ${words[k]}.`, 720 - k * 12));
  return { page: number, width: 612, height: 792, lines: [at(head, 760), ...body], ...(scanned ? { ocr } : {}) };
}

describe("stripRunningLines", () => {
  it("removes a running head that OCR misread by a letter on a scanned page, and only there", () => {
    const head = "Workshop on Routing Models";
    const pages = [page(1, head, false), page(2, head, true), page(3, "Workshop an Routing Models", true), page(4, head, false), page(5, head, true), page(6, "Workshop on Routing Model", false)];
    const stripped = stripRunningLines(pages).map((p) => p.lines.map((line) => line.text));
    expect(stripped.slice(0, 5).map((lines) => lines[0])).toEqual(["Body alpha alpha.", "Body beta alpha.", "Body gamma alpha.", "Body delta alpha.", "Body epsilon alpha."]);
    // A text layer says what it says: a different head there is not guessed away.
    expect(stripped[5]![0]).toBe("Workshop on Routing Model");
  });

  it("keeps a column's first line that recurs on every page but runs on into the body", () => {
    const pages = [1, 2, 3].map((n) => {
      const p = page(n, "Workshop on Routing Models", true);
      return { ...p, lines: [p.lines[0]!, at(`Configuration K${n} uses ${n + 2} experts per layer and`, 720), ...p.lines.slice(1).map((l) => ({ ...l, y: l.y - 12 }))] };
    });
    const stripped = stripRunningLines(pages).map((p) => p.lines.map((line) => line.text));
    expect(stripped.map((lines) => lines[0])).toEqual(["Configuration K1 uses 3 experts per layer and", "Configuration K2 uses 4 experts per layer and", "Configuration K3 uses 5 experts per layer and"]);
  });

  it("keeps an OCR'd edge line unlike any running line", () => {
    const pages = [page(1, "Workshop on Routing Models", false), page(2, "Workshop on Routing Models", true), page(3, "Table 5: Results per model", true)];
    expect(stripRunningLines(pages)[2]!.lines[0]!.text).toBe("Table 5: Results per model");
  });
});
