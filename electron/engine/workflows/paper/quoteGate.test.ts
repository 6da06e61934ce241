import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findQuote, quoteAppears } from "../../../../shared/text/findQuote.js";
import { gateCitations, UNSUPPORTED_MARK } from "./quoteGate.js";
import type { EvidenceChunkState } from "./state.js";

const chunk = (text: string, page = 1, id = "p1:0"): EvidenceChunkState => ({ chunk_id: id, doc_id: "p1", page, score: 1, text, section: "" });

/** Text without the characters the citation grammar uses for its own delimiters. */
const prose = fc
  .array(fc.constantFrom(..."abcdefgh ijklmnop qrstuv wxyz0123456789.,;%()=+-稀疏路由专家准确率，。ＡＢ１２　\n\t".split("")), { minLength: 0, maxLength: 200 })
  .map((chars) => chars.join(""));

/** Whitespace and width changes a PDF, OCR or a model make without changing the quote. */
function perturb(text: string, seed: number): string {
  let out = "";
  let i = seed;
  for (const char of text) {
    i = (i * 1103515245 + 12345) & 0x7fffffff;
    if (char === " " && i % 3 === 0) out += "  ";
    else if (char === " " && i % 5 === 0) out += "\n";
    else if (/[A-Za-z0-9]/.test(char) && i % 7 === 0) out += String.fromCharCode(char.charCodeAt(0) + 0xfee0);
    else out += char;
  }
  return out;
}

describe("quote gate (property tests)", () => {
  it("drops every citation whose quote is not in the cited chunk, and marks its sentence", () => {
    fc.assert(
      fc.property(prose, prose, (passage, quote) => {
        fc.pre(quote.trim().length > 0 && !quoteAppears(passage, quote));
        const answer = `The model reports this [p.1 "${quote}"].`;
        const gated = gateCitations(answer, [chunk(passage)], ["p1"]);
        expect(gated.citations).toEqual([]);
        expect(gated.text).toContain(UNSUPPORTED_MARK.en.trim());
        expect(gated.unsupported).toEqual(["The model reports this"]);
      }),
      { numRuns: 400 },
    );
  });

  it("never drops a quote that appears in its chunk, whatever the spacing and character width", () => {
    fc.assert(
      fc.property(prose, fc.nat(), fc.nat(), fc.nat(), (passage, a, b, seed) => {
        const start = a % (passage.length + 1);
        const end = start + (b % (passage.length - start + 1));
        const quote = perturb(passage.slice(start, end), seed);
        fc.pre(quote.trim().length > 0);
        const gated = gateCitations(`It holds [p.1 "${quote}"].`, [chunk(passage)], ["p1"]);
        expect(gated.citations).toEqual([{ page: 1, chunk_id: "p1:0", quote: quote.trim() }]);
        expect(gated.unsupported).toEqual([]);
        expect(gated.text).toBe("It holds [p.1].");
      }),
      { numRuns: 400 },
    );
  });

  it("findQuote maps a match back to the original text's range", () => {
    fc.assert(
      fc.property(prose, fc.nat(), fc.nat(), (passage, a, b) => {
        const start = a % (passage.length + 1);
        const end = start + (b % (passage.length - start + 1));
        const quote = passage.slice(start, end);
        fc.pre(quote.trim().length > 0);
        const range = findQuote(passage, quote)!;
        expect(range).not.toBeNull();
        // The range holds the same text, normalised.
        expect(quoteAppears(passage.slice(range.start, range.end), quote)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe("quote gate (examples)", () => {
  it("finds a quoted table row in a Markdown table chunk, with or without the cell pipes", () => {
    const table = "Table 2: Accuracy and latency.\n\n| Config | Experts | Accuracy | Latency |\n| --- | --- | --- | --- |\n| R13 | 14 | 88.4 | 67 |";
    expect(findQuote(table, "R13 14 88.4 67")).not.toBeNull();
    expect(findQuote(table, "| R13 | 14 | 88.4 | 67 |")).not.toBeNull();
    expect(findQuote(table, "R13 14 88.4 68")).toBeNull();
  });

  const passages = [
    chunk("The encoder uses 12 attention layers with a hidden size of 768. The router keeps the two best experts.", 2, "p1:3"),
    chunk("SparseRoute reaches 91.3% accuracy on DocBench, compared with 89.1% for the dense baseline.", 3, "p1:7"),
  ];

  it("derives the supporting sentence for a bare [p.N] and keeps only cited pages", () => {
    const gated = gateCitations("The encoder has 12 attention layers [p.2]. Accuracy is 91.3% on DocBench [p.3].", passages, ["p1"]);
    expect(gated.citations).toEqual([
      { page: 2, chunk_id: "p1:3", quote: "The encoder uses 12 attention layers with a hidden size of 768." },
      { page: 3, chunk_id: "p1:7", quote: "SparseRoute reaches 91.3% accuracy on DocBench, compared with 89.1% for the dense baseline." },
    ]);
    expect(gated.unsupported).toEqual([]);
  });

  it("marks a sentence whose number is not on the cited page, and refuses a page never retrieved", () => {
    const gated = gateCitations("The encoder has 24 attention layers [p.2]. See also [p.42].", passages, ["p1"]);
    expect(gated.citations).toEqual([]);
    expect(gated.text).toBe("The encoder has 24 attention layers (not found in the paper). See also.");
    expect(gated.refused).toEqual(["[p.42]"]);
    expect(gated.unsupported).toEqual(["The encoder has 24 attention layers"]);
  });

  it("accepts a Chinese answer about an English page by its numbers and names", () => {
    const gated = gateCitations("SparseRoute 在 DocBench 上的准确率为 91.3% [p.3]。", passages, ["p1"]);
    expect(gated.citations.map((c) => c.chunk_id)).toEqual(["p1:7"]);
    expect(gated.text).toBe("SparseRoute 在 DocBench 上的准确率为 91.3% [p.3]。");
  });

  it("checks a written quote with curly or corner quote marks, normalising full-width characters", () => {
    const gated = gateCitations("它有 12 层 [p.2 「uses １２ attention   layers」]。", passages, ["p1"]);
    expect(gated.citations).toEqual([{ page: 2, chunk_id: "p1:3", quote: "uses １２ attention   layers" }]);
  });

  it("marks a citation of a page read by OCR", () => {
    const scanned = { ...chunk("Training takes about two days on eight GPUs.", 2, "p1:4"), ocr: true };
    const gated = gateCitations("Training takes two days [p.2].", [scanned], ["p1"]);
    expect(gated.citations).toEqual([{ page: 2, chunk_id: "p1:4", quote: "Training takes about two days on eight GPUs.", ocr: true }]);
  });

  it("carries the OCR'd page's confidence into its citation", () => {
    const faint = { ...chunk("Training takes about two days on eight GPUs.", 2, "p1:4"), ocr: true, ocr_confidence: 0.58 };
    const gated = gateCitations("Training takes two days [p.2].", [faint], ["p1"]);
    expect(gated.citations).toEqual([{ page: 2, chunk_id: "p1:4", quote: "Training takes about two days on eight GPUs.", ocr: true, ocr_confidence: 0.58 }]);
  });
});
