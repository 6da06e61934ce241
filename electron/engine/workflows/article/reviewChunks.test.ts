import { describe, expect, it } from "vitest";
import { assembleDraft } from "./draftMarkdown.js";
import { mergeChunkReviews, reviewChunks } from "./reviewChunks.js";

describe("reviewChunks", () => {
  it("keeps a short draft whole and packs a long one into whole sections under the limit, bounded in count", () => {
    expect(reviewChunks("# T\n\n## A\n\nshort\n")).toHaveLength(1);
    const long = assembleDraft("T", ["A", "B", "C", "D"].map((title) => ({ title, body: `${title}-start ${"x".repeat(1500)} ${title}-end` })));
    const chunks = reviewChunks(long, 4000);
    expect(chunks.length).toBe(2);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(4000 + 20);
    for (const title of ["A", "B", "C", "D"]) expect(chunks.filter((c) => c.text.includes(`${title}-end`))).toHaveLength(1);
    expect(reviewChunks(long, 1000, 3)).toHaveLength(3);
  });
  it("merges scores weighted by the characters each chunk covers and keeps every issue", () => {
    const merged = mergeChunkReviews([{ score: 100, issues: ["a"] }, { score: 40, issues: ["b", "c"] }], [{ text: "", chars: 300 }, { text: "", chars: 100 }]);
    expect(merged).toEqual({ score: 85, issues: ["a", "b", "c"] });
  });
});
