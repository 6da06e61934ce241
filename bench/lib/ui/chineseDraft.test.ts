import { describe, expect, it } from "vitest";
import { chineseDraft } from "./chineseDraft.js";

describe("chineseDraft", () => {
  it("reaches the requested length within one paragraph and is mostly Chinese", () => {
    const text = chineseDraft(0, 5000);
    expect(text.length).toBeGreaterThanOrEqual(5000);
    expect(text.length).toBeLessThan(5000 + 400);
    const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
    expect(han / text.length).toBeGreaterThan(0.7);
  });

  it("is deterministic and differs between sections", () => {
    expect(chineseDraft(2, 3000)).toBe(chineseDraft(2, 3000));
    expect(chineseDraft(1, 3000)).not.toBe(chineseDraft(2, 3000));
  });

  it("contains the markdown a real draft has: paragraphs, citations, bold and a list", () => {
    const text = chineseDraft(0, 5000);
    expect(text.split("\n\n").length).toBeGreaterThan(10);
    expect(text).toMatch(/\[m00[12]\]/);
    expect(text).toMatch(/\*\*[^*]+\*\*/);
    expect(text).toMatch(/^- /m);
  });
});
