import { describe, expect, it } from "vitest";
import { ocrQuoteBoxes } from "./pageHighlights.js";

const line = (text: string, x0: number, y0: number) => ({ text, confidence: 0.9, x0, y0, x1: x0 + 200, y1: y0 + 10 });

describe("ocrQuoteBoxes", () => {
  it("finds a quote over two lines of one column on a two-column scan read row by row", () => {
    const lines = [
      line("layer and keeps the two best. The encoder uses", 50, 100),
      line("and a learning rate of 0.0003", 320, 100),
      line("12 attention layers with a hidden size of 768.", 50, 112),
    ];
    expect(ocrQuoteBoxes(lines, "The encoder uses 12 attention layers", 2)).toEqual([
      { left: 100, top: 200, width: 400, height: 20 },
      { left: 100, top: 224, width: 400, height: 20 },
    ]);
    expect(ocrQuoteBoxes(lines, "not on this page", 1)).toBeNull();
    expect(ocrQuoteBoxes([], "anything", 1)).toBeNull();
  });
});
