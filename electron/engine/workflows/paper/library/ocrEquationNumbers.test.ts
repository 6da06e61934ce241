import { describe, expect, it } from "vitest";
import { restoreEquationNumbers } from "./ocrEquationNumbers.js";
import type { LayoutLine } from "./pdfLayout.js";

function line(cells: Array<[string, number]>): LayoutLine {
  return { text: cells.map(([text]) => text).join(" "), cells: cells.map(([text, x]) => ({ text, x })), x: cells[0]![1], y: 500, size: 10, column: "left" };
}

describe("restoreEquationNumbers", () => {
  it("gives an OCR'd equation number its lost parentheses back", () => {
    const [a, b, c, d] = restoreEquationNumbers([
      line([["L = CE(y, p) + 0.1 x balance", 110], ["2", 284]]),
      line([["s = softmax(W h + b)", 120], ["(1", 281]]),
      line([["a ≤ b", 120], ["{12)", 281]]),
      line([["E = mc2", 120], ["(3)", 281]]),
    ]);
    expect(a!.text).toBe("L = CE(y, p) + 0.1 x balance (2)");
    expect(a!.cells.at(-1)).toEqual({ text: "(2)", x: 284 });
    expect(b!.text).toBe("s = softmax(W h + b) (1)");
    expect(c!.text).toBe("a ≤ b (12)");
    expect(d!.text).toBe("E = mc2 (3)");
  });

  it("leaves table rows and prose alone", () => {
    const lines = [line([["R1", 324], ["2", 380], ["80.0", 440], ["31", 500]]), line([["Some words", 72], ["7", 300]]), line([["A = b", 72]])];
    expect(restoreEquationNumbers(lines)).toEqual(lines);
  });
});
