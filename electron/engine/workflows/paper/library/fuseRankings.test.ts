import { describe, expect, it } from "vitest";
import { decisiveness, fuseRankings } from "./fuseRankings.js";

const list = (ids: string[], scores: number[]) => ids.map((id, i) => ({ id, score: scores[i]! }));

describe("fuseRankings", () => {
  it("reads a list's decisiveness from its own scores: one clear winner ≈ 1, a flat list ≈ 0", () => {
    expect(decisiveness([1, 0.1, 0.08, 0.05])).toBeGreaterThan(0.85);
    expect(decisiveness([0.931, 0.93, 0.929, 0.928])).toBeLessThan(0.01);
    expect(decisiveness([])).toBe(0);
  });

  it("a flat vector ranking that disagrees cannot bury the keyword index's decisive top hit", () => {
    const ids = Array.from({ length: 20 }, (_, i) => `c${i}`);
    const vector = list([...ids].reverse(), ids.map((_, i) => 0.95 - i * 0.001));
    const words = list(["c7", "c1", "c2"], [1, 0.2, 0.15]);
    const bigram = list(["c7", "c3"], [1, 0.3]);
    const fused = fuseRankings([
      { retriever: "vector", items: vector, weight: 1 },
      { retriever: "words", items: words, weight: 1 },
      { retriever: "bigram", items: bigram, weight: 1 },
    ]);
    expect(fused[0]!.item.id).toBe("c7");
    expect(fused[0]!.retrievers.sort()).toEqual(["bigram", "vector", "words"]);
    // Plain RRF would have put the vector list's first pick in the top 3.
    expect(fused.slice(0, 3).map((f) => f.item.id)).not.toContain("c19");
  });

  it("an embedder measured as useless (weight 0) adds nothing, and says it found nothing decisive", () => {
    const fused = fuseRankings([
      { retriever: "vector", items: list(["a", "b"], [0.9, 0.1]), weight: 0 },
      { retriever: "words", items: list(["b", "a"], [1, 0.5]), weight: 1 },
    ]);
    expect(fused.map((f) => f.item.id)).toEqual(["b", "a"]);
    expect(fused[0]!.score).toBe(1);
  });

  it("two equally sure lists at equal weight fuse like reciprocal rank fusion", () => {
    const fused = fuseRankings([
      { retriever: "vector", items: list(["a", "b", "c"], [1, 0.5, 0.4]), weight: 1 },
      { retriever: "words", items: list(["b", "a", "c"], [1, 0.5, 0.4]), weight: 1 },
    ]);
    expect(fused.map((f) => f.item.id).slice(2)).toEqual(["c"]);
    expect(fused[0]!.score).toBeCloseTo(fused[1]!.score, 10);
  });
});
