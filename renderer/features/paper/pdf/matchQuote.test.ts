import { describe, expect, it } from "vitest";
import { matchQuote } from "./matchQuote.js";

describe("matchQuote", () => {
  it("finds a quote across spans despite line breaks, hyphenation and case", () => {
    const items = ["The encoder uses 12 atten-", "tion layers with a hidden", " size of 768."];
    expect(matchQuote(items, "uses 12 attention layers with a Hidden size")).toEqual([
      { item: 0, start: 12, end: 25 },
      { item: 1, start: 0, end: 25 },
      { item: 2, start: 1, end: 5 },
    ]);
  });
  it("matches full-width forms and Chinese text without spaces", () => {
    expect(matchQuote(["模型在 ＤｏｃＢｅｎｃｈ 上", "达到 91.3%"], "DocBench上达到91.3%")).toEqual([
      { item: 0, start: 4, end: 14 },
      { item: 1, start: 0, end: 8 },
    ]);
  });
  it("returns null for a quote that is not on the page, or an empty one", () => {
    expect(matchQuote(["alpha beta"], "gamma")).toBeNull();
    expect(matchQuote(["alpha beta"], "  ")).toBeNull();
  });
});
