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

describe("claim checker: code-side evidence for paraphrases and distortions", () => {
  it("aligns a paraphrase's words through WordNet: synonyms, hypernyms, derivations, irregular verbs", async () => {
    const passage = "Wheat prices rose sharply after the drought. Physicians at the rural clinic treated most patients by telephone.";
    expect(await check("After the drought the price of wheat increased sharply.", passage)).toMatchObject({ label: "supported", reason: "covered" });
    expect(await check("Doctors at the rural clinic treated most patients by phone.", passage)).toMatchObject({ label: "supported" });
  });

  it("finds a word swapped for its antonym or sibling", async () => {
    expect(await check("Farmers planted barley on the northern fields.", "Farmers planted wheat on the northern fields.")).toMatchObject({
      label: "unsupported",
      reason: "swapped",
    });
    expect(await check("The ferry leaves from the western pier every morning.", "The ferry leaves from the eastern pier every morning.")).toMatchObject({
      label: "unsupported",
      reason: "swapped",
    });
  });

  it("keeps a number's scale and multiplier, and reads fractions and 四成 as per cent", async () => {
    expect(await check("The city collected 3.4 thousand tonnes of waste.", "The city collected 3.4 million tonnes of waste.")).toMatchObject({ reason: "anchor_missing" });
    const passage = "The new pump needs four times as much power and runs every three days.";
    expect(await check("The new pump needs three times as much power.", passage)).toMatchObject({ reason: "anchor_missing" });
    expect(normalize("Sales grew by a quarter")).toContain("25%");
    expect(normalize("约四成骑行的终点在地铁站附近，成本下降")).toContain("40%");
    expect(await check("About 40% of trips ended near a metro station.", "About 40 percent of trips ended near a metro station.")).toMatchObject({ label: "supported" });
  });

  it("lets a bound rest on a number on its side, and reads 'doubled' as two times", async () => {
    const passage = "The survey reached 342 households in three districts.";
    expect(await check("The survey reached more than 300 households.", passage)).toMatchObject({ label: "supported" });
    expect(await check("The survey reached fewer than 300 households.", passage)).toMatchObject({ label: "unsupported", reason: "anchor_missing" });
    expect(numbersOf(normalize("Bookings doubled after the campaign."))).toContain("2");
  });

  it("refuses a claim that widens a quantifier to all or 所有", async () => {
    expect(await check("All the volunteers finished the course.", "Most volunteers finished the course.")).toMatchObject({ reason: "quantifier" });
    expect(await check("所有学生都通过了期末考试。", "大部分学生通过了期末考试。")).toMatchObject({ reason: "quantifier" });
    expect(await check("Nearly all of the volunteers finished.", "Almost all of the volunteers finished.")).toMatchObject({ label: "supported" });
  });

  it("reads a negation on the words it denies, not in a comparison's baseline or an unrelated clause", async () => {
    const trial = "Patients on the new drug slept 40 minutes longer than patients without it.";
    expect(await check("Patients taking the new drug slept 40 minutes longer.", trial)).toMatchObject({ label: "supported" });
    const fuel = "Fuel use fell by 8% on the test route, although the change was not statistically significant.";
    expect(await check("The fall in fuel use on the test route was statistically significant.", fuel)).toMatchObject({ reason: "negation" });
    expect(await check("Without a fence, deer ate most of the seedlings.", "Deer ate most of the seedlings where there was no fence.")).not.toMatchObject({
      reason: "negation",
    });
  });
});
