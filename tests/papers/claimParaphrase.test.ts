import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkClaims } from "../../electron/engine/workflows/common/checkClaims.js";
import { flipsDirection, hasName, normalize, numberUnits, numbersOf, polarityDiffers } from "../../electron/engine/workflows/common/claimText.js";

const check = async (claim: string, passage: string) => (await checkClaims([{ id: "c", claim }], [{ chunk_id: "p", page: 1, text: passage }]))[0]!;

describe("claim checker: what code decides", () => {
  it("keeps a number's unit: 60 mm is not 60%, while a unit's spellings agree", async () => {
    expect(numberUnits(normalize("每次灌水 45 毫米，降水概率超过 60%。"))).toEqual([
      { number: "45", unit: expect.any(Number) as number },
      { number: "60", unit: expect.any(Number) as number },
    ]);
    const passage = "若未来 24 小时降水概率超过 60%，则推迟灌溉。每次灌水量为 45 毫米。";
    expect(await check("每次灌水量为 60 毫米。", passage)).toMatchObject({ label: "unsupported", reason: "anchor_missing" });
    expect((await check("Dampers cut peak acceleration by about 70%.", "Dampers reduced peak acceleration by roughly 70 percent."))!.label).toBe("supported");
    expect((await check("The line yielded 4.1 t/ha.", "The line yielded 4.1 tonnes per hectare."))!.label).toBe("supported");
  });

  it("reads number words up to ninety and 三成 as 30", () => {
    expect(numbersOf(normalize("about seventy percent, forty runs"))).toEqual(["70", "40"]);
    expect(numbersOf(normalize("人工成本增加了约三成"))).toContain("30");
  });

  it("matches an acronym to its spelled-out name, and not to unrelated words", () => {
    expect(hasName(normalize("after controlling for prior grade point average"), "gpa")).toBe(true);
    expect(hasName(normalize("trained with stochastic gradient descent"), "sgd")).toBe(true);
    expect(hasName(normalize("trained with the adam optimizer"), "sgd")).toBe(false);
  });

  it("finds a flipped direction in English and Chinese, and leaves a kept one alone", async () => {
    expect(flipsDirection("DT-19 matured five days later.", "DT-19 matured about five days earlier.")).toBe(true);
    expect(flipsDirection("处理组的产量高于对照组", "处理组的产量低于对照组")).toBe(true);
    expect(flipsDirection("The swallow count doubled.", "They counted about half as many swallows as a decade earlier.")).toBe(true);
    expect(flipsDirection("Costs grew more slowly than prices.", "Costs climbed faster than prices.")).toBe(true);
    expect(flipsDirection("It uses 40% less compute.", "It reduces compute by 40%.")).toBe(false);
    const passage = "DT-19 matured about five days earlier than the check variety.";
    expect(await check("DT-19 matured about five days later than the check variety.", passage)).toMatchObject({ label: "unsupported", reason: "direction" });
  });

  it("reads 'did not reach' as 'below' only where the evidence says below", () => {
    expect(polarityDiffers("日均客流没有达到预测的25万。", "日均客流约18万，低于预测的25万。")).toBe(false);
    expect(polarityDiffers("SparseRoute does not reach 91.3% on DocBench.", "SparseRoute reaches 91.3% on DocBench.")).toBe(true);
    expect(polarityDiffers("Caffeine was associated with scores.", "Caffeine showed no association with scores.")).toBe(true);
  });

  it("reads polarity on the clause that shares the claim's rare words", async () => {
    const passage =
      "Students who slept fewer than six hours scored lower on the exam. Caffeine intake was recorded but showed no association with exam scores.";
    expect(await check("Caffeine intake was strongly associated with exam scores.", passage)).toMatchObject({ label: "unsupported", reason: "negation" });
  });

  it("credits a Chinese paraphrase that re-pairs the passage's characters", async () => {
    const passage = "施用有机肥的地块，春茶产量比施用化肥的地块高出12%，茶多酚含量也略有提升。";
    const coverage = (await check("有机肥让春茶的产量增加了12%。", passage)).coverage;
    expect(coverage).toBeGreaterThanOrEqual(0.6);
  });

  it("catches every changed number and flipped direction of the tuning pairs without a model", async () => {
    const file = path.join(import.meta.dirname, "../fixtures/papers/claim-pairs-tune.jsonl");
    const rows = fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { id: string; passage: string; claim: string; label: string });
    let caught = 0;
    for (const row of rows.filter((r) => r.label === "unsupported")) if ((await check(row.claim, row.passage)).label === "unsupported") caught++;
    expect(caught).toBe(rows.filter((r) => r.label === "unsupported").length);
    for (const id of ["t5", "t9", "t17", "t4"]) {
      const row = rows.find((r) => r.id === id)!;
      expect((await check(row.claim, row.passage)).reason, row.claim).toMatch(/^(anchor_missing|direction|negation)$/);
    }
  });
});
