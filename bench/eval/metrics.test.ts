import { describe, expect, it } from "vitest";
import { abstains, citedPagePrecision, citedPages, keywordHitRate } from "./metrics/answers.js";
import { binaryScores } from "./metrics/binary.js";
import { confusion, renderConfusion } from "./metrics/classification.js";
import { median, renderCompare, renderCompareRuns, spreadOf, verdict } from "./metrics/compare.js";
import { findingScores, linesDamagedOutside } from "./metrics/findings.js";
import { distinct4, groundedShare, hanRatio, keyPointCoverage, lengthUnits, sentences } from "./metrics/text.js";

describe("classification", () => {
  it("counts accuracy, the matrix and per-label recall", () => {
    const c = confusion(["a", "b"], [
      { truth: "a", predicted: "a" },
      { truth: "a", predicted: "b" },
      { truth: "b", predicted: "b" },
      { truth: "b", predicted: "zzz" },
    ]);
    expect(c.accuracy).toBe(0.5);
    expect(c.matrix).toEqual([[1, 1], [0, 1]]);
    expect(c.recall).toEqual([0.5, 0.5]);
    expect(renderConfusion(c)).toContain("recall");
  });
  it("refuses a truth label outside the set", () => {
    expect(() => confusion(["a"], [{ truth: "b", predicted: "a" }])).toThrow(/unknown truth label b/);
  });
});

describe("binary scores", () => {
  it("is NaN, not 1, when nothing was predicted", () => {
    const s = binaryScores([{ predicted: false, actual: true }]);
    expect(s.precision).toBeNaN();
    expect(s.recall).toBe(0);
  });
  it("counts tp, fp, fn", () => {
    expect(
      binaryScores([
        { predicted: true, actual: true },
        { predicted: true, actual: false },
        { predicted: false, actual: true },
      ]),
    ).toMatchObject({ precision: 0.5, recall: 0.5, tp: 1, fp: 1, fn: 1 });
  });
});

describe("answers", () => {
  it("meets keyword items by any spelling, ignoring spaces and width", () => {
    expect(keywordHitRate("用水 1850 立方米", ["1 850|1850"])).toBe(1);
    expect(keywordHitRate("Adam at 0.001", ["adam", "0.001", "warm-up"])).toBeCloseTo(2 / 3);
    expect(keywordHitRate("x", [])).toBeNaN();
  });
  it("reads cited pages and their precision", () => {
    expect(citedPages("It has 16 layers [p.2] and 48k params [p. 1] (p.2) 【第 3 页】")).toEqual([2, 1, 3]);
    expect(citedPagePrecision([2, 3], [2])).toBe(0.5);
    expect(citedPagePrecision([], [2])).toBeNaN();
  });
  it("recognises abstentions in both languages", () => {
    expect(abstains("论文未提及。")).toBe(true);
    expect(abstains("Not stated in the paper.")).toBe(true);
    expect(abstains("The encoder has 16 layers.")).toBe(false);
  });
});

describe("text measures", () => {
  it("measures repetition with distinct 4-grams", () => {
    expect(distinct4("one two three four five six")).toBe(1);
    expect(distinct4("a b c d a b c d a b c d")).toBeLessThan(0.5);
    expect(distinct4("too short")).toBeNaN();
  });
  it("measures the Han share of letters", () => {
    expect(hanRatio("中文 text")).toBeCloseTo(2 / 6);
    expect(hanRatio("全部中文，123")).toBe(1);
  });
  it("counts length in Han characters or words", () => {
    expect(lengthUnits("离线写作 tool", "zh")).toBe(4);
    expect(lengthUnits("three little words", "en")).toBe(3);
  });
  it("covers key points by any alternative", () => {
    expect(keyPointCoverage("Data stays local.", [["local", "offline"], ["cost"]])).toBe(0.5);
  });
  it("splits sentences without headings", () => {
    expect(sentences("# Title\n\nFirst one is here. Second one is here!\n本地模型很安全。成本更低一些。")).toHaveLength(4);
  });
  it("grounds sentences that restate a material and not invented ones", () => {
    const materials = ["Cyclist injuries fell by 35 percent after protected lanes opened."];
    expect(groundedShare("Injuries of cyclists fell by 35 percent after lanes opened. Dragons live on the moon and eat cheese.", materials)).toBe(0.5);
  });
});

describe("docgen findings", () => {
  const types = new Map<string, "mechanical" | "semantic">([["2.1", "mechanical"], ["6.6", "semantic"]]);
  it("matches by rule within one line, each label once, per type", () => {
    const labels = [{ line: 10, rule: "2.1", type: "mechanical" as const }, { line: 20, rule: "6.6", type: "semantic" as const }];
    const s = findingScores([{ line: 11, rule: "2.1" }, { line: 11, rule: "2.1" }, { line: 10, rule: "2.1" }, { line: 30, rule: "6.6" }], labels, types);
    expect(s.mechanical).toMatchObject({ tp: 1, fp: 1, fn: 0 });
    expect(s.semantic).toMatchObject({ tp: 0, fp: 1, fn: 1 });
    expect(s.all).toMatchObject({ tp: 1, fp: 2, fn: 1 });
  });
  it("counts lines changed outside every replacement", () => {
    const original = "a\nb\nc\nd";
    expect(linesDamagedOutside(original, "a\nB\nc\nd", ["b"])).toBe(0);
    expect(linesDamagedOutside(original, "a\nB\nc", ["b"])).toBe(1);
  });
});

describe("method vs baseline", () => {
  it("decides with a tolerance and direction", () => {
    expect(verdict({ method: 0.8, baseline: 0.5, higherIsBetter: true })).toBe("yes");
    expect(verdict({ method: 3, baseline: 1, higherIsBetter: false })).toBe("no");
    expect(verdict({ method: 0.5, baseline: 0.505, higherIsBetter: true })).toBe("tie");
    expect(verdict({ method: Number.NaN, baseline: 1, higherIsBetter: true })).toBe("n/a");
    expect(renderCompare([{ workflow: "w", metric: "m", method: 1, baseline: 0, higherIsBetter: true }])).toContain("method better on 1 of 1");
    const rows = [0, 1, 2, 3].map((i) => ({ workflow: "w", metric: `m${i}`, method: 1, baseline: 0.5, higherIsBetter: i % 2 === 0 }));
    expect(renderCompare(rows)).toContain("method better on 2 of 4 comparable metrics (ties 0)");
  });
});

describe("several runs", () => {
  it("reads the median and spread of the finite values", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([Number.NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
    expect(spreadOf([0.2, 0.5, 0.3])).toBeCloseTo(0.3);
    expect(spreadOf([Number.NaN])).toBeNaN();
  });
  it("shows a row that flips between runs, and decides on the medians", () => {
    const row = (method: number, baseline: number) => ({ workflow: "router", metric: "accuracy", method, baseline, higherIsBetter: true });
    const table = renderCompareRuns([[row(0.5, 0.4)], [row(0.3, 0.4)], [row(0.6, 0.4)]]);
    expect(table).toContain("0.500 ± 0.300");
    expect(table).toContain("yes no yes (flips)");
    expect(table).toContain("method better on 1 of 1 comparable metrics on the medians (ties 0); 1 row(s) flip between runs.");
    expect(renderCompareRuns([[row(0.5, 0.4)]])).toBe(renderCompare([row(0.5, 0.4)]));
  });
});
