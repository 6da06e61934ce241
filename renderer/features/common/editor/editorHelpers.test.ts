import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { countText, wordCount } from "../../../../shared/text/countText.js";
import { headingOutline } from "./headingOutline.js";
import { minimalChange } from "./minimalChange.js";
import { violationsToMarks } from "./lintDiagnostics.js";
import { lintMarkdown } from "../../../../shared/rules/lintMarkdown.js";
import { blendedCharWidth, wideShare } from "./cjkHeightEstimate.js";

describe("countText", () => {
  it("counts each Han character as a word and each Latin run once", () => {
    expect(countText("本地模型 llama.cpp 很快")).toEqual({ chars: 15, han: 6, words: 8 });
    expect(countText("Hello, world! 你好")).toEqual({ chars: 14, han: 2, words: 4 });
    expect(countText("  \n\t ")).toEqual({ chars: 0, han: 0, words: 0 });
    // A supplementary-plane Han character (𠮷) is one character, not two UTF-16 units.
    expect(countText("𠮷野家")).toEqual({ chars: 3, han: 3, words: 3 });
  });

  it("is the one word count of a draft: markup and citation brackets are not words", () => {
    expect(wordCount("# 标题\n\n## 背景\n\n本地模型[m001]很快。")).toBe(2 + 2 + 4 + 1 + 2);
  });
});

describe("headingOutline", () => {
  it("lists ATX headings with their lines and skips fenced code", () => {
    const doc = "# 标题\n\n正文\n\n```\n# 不是标题\n```\n\n## 第二节 ##\n### 小节";
    expect(headingOutline(doc)).toEqual([
      { line: 1, depth: 1, text: "标题" },
      { line: 9, depth: 2, text: "第二节" },
      { line: 10, depth: 3, text: "小节" },
    ]);
  });
});

describe("minimalChange", () => {
  it("turns any text into any other (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const change = minimalChange(a, b);
        const result = change ? a.slice(0, change.from) + change.insert + a.slice(change.to) : a;
        expect(result).toBe(b);
      }),
    );
  });
});

describe("violationsToMarks", () => {
  it("places each checker finding on its line and column, with a fix that matches the text", () => {
    const text = "# 标题\n\n使用llama.cpp部署模型。\n";
    const { violations } = lintMarkdown(text);
    const marks = violationsToMarks(text, violations);
    expect(marks.length).toBeGreaterThan(0);
    for (const m of marks) {
      expect(m.from).toBeGreaterThanOrEqual(0);
      expect(m.to).toBeLessThanOrEqual(text.length);
      if (m.fix) expect(text.slice(m.fix.from, m.fix.to)).toBe(m.fix.expected);
    }
    const spacing = marks.find((m) => m.rule === "2.1" && m.fix);
    expect(spacing).toBeDefined();
    const fixed = text.slice(0, spacing!.fix!.from) + spacing!.fix!.insert + text.slice(spacing!.fix!.to);
    expect(fixed).toContain("使用 llama.cpp");
  });

  it("drops findings on lines the text does not have", () => {
    expect(violationsToMarks("一行", [{ rule: "2.1", line: 5, column: 1, message: "x" }])).toEqual([]);
  });
});

describe("CJK height estimate", () => {
  it("measures the wide share of a text from samples spread over it", () => {
    expect(wideShare("")).toBe(0);
    expect(wideShare("abc def")).toBe(0);
    expect(wideShare("离线写作，资料不出门。")).toBe(1);
    // Spaces do not count; Latin and Han half and half.
    expect(wideShare("ab 写作")).toBe(0.5);
    // A long text is sampled, not read whole, and the share stays close to the truth.
    const long = "中文段落".repeat(20_000) + "latin text ".repeat(8_000);
    const truth = 80_000 / (80_000 + 8_000 * 9);
    expect(Math.abs(wideShare(long) - truth)).toBeLessThan(0.1);
  });

  it("blends the narrow width and one em by the wide share", () => {
    expect(blendedCharWidth(7, 14, 0)).toBe(7);
    expect(blendedCharWidth(7, 14, 1)).toBe(14);
    expect(blendedCharWidth(7, 14, 0.5)).toBe(10.5);
    // Out-of-range shares are clamped; an em narrower than a letter never shrinks the estimate.
    expect(blendedCharWidth(7, 14, 2)).toBe(14);
    expect(blendedCharWidth(8, 4, 1)).toBe(8);
  });
});
