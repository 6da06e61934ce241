import { describe, expect, it } from "vitest";
import type { LlmClient, RankChoicesOptions } from "../../llm/LlmClient.js";
import { ScriptedLlm } from "../../testing/ScriptedLlm.js";
import { calibrate, contentFreePrior } from "./contentFreePrior.js";

/** A client answering per content-free input; it records what it was asked. */
function weighing(table: Record<string, number[] | null>): LlmClient & { asked: RankChoicesOptions[] } {
  const asked: RankChoicesOptions[] = [];
  return {
    id: "w",
    asked,
    generateText: () => Promise.reject(new Error("not used")),
    generateStructured: () => Promise.reject(new Error("not used")),
    countTokens: () => Promise.resolve(0),
    contextTokens: () => Promise.resolve(2048),
    rankChoices: (options) => (asked.push(options), Promise.resolve(table[options.prompt] ?? null)),
  };
}

const optionsFor = (input: string): RankChoicesOptions => ({ system: "s", prompt: input, answerCue: "A:", choices: ["a", "b"] });

describe("contentFreePrior", () => {
  it("averages the normalised answers in log space and says how far they disagree", async () => {
    // Normalised: [0.8, 0.2] and [0.2, 0.8] → geometric means 0.4 and 0.4; each weight moves 4×.
    const llm = weighing({ "N/A": [0.4, 0.1], "": [0.1, 0.4] });
    const prior = await contentFreePrior(llm, optionsFor, ["N/A", ""]);
    expect(prior!.weights[0]).toBeCloseTo(0.4);
    expect(prior!.weights[1]).toBeCloseTo(0.4);
    expect(prior!.spread).toBeCloseTo(4);
    expect(llm.asked.map((o) => o.reusable)).toEqual([true, true]);
  });

  it("has spread 1 for one input, and its weights are that answer normalised", async () => {
    const prior = await contentFreePrior(weighing({ "N/A": [0.3, 0.1] }), optionsFor, ["N/A"]);
    expect(prior!.weights[0]).toBeCloseTo(0.75);
    expect(prior!.weights[1]).toBeCloseTo(0.25);
    expect(prior!.spread).toBeCloseTo(1);
  });

  it("is null where the backend gives no probabilities, for any input, or has no rankChoices", async () => {
    expect(await contentFreePrior(weighing({ "N/A": [0.5, 0.5], "": null }), optionsFor, ["N/A", ""])).toBeNull();
    expect(await contentFreePrior(new ScriptedLlm({ replies: {} }), optionsFor, ["N/A"])).toBeNull();
  });
});

describe("calibrate", () => {
  it("divides each probability by its prior weight, flooring a zero weight", () => {
    const [a, b] = calibrate([0.3, 0.2], [0.6, 0.1]);
    expect(a).toBeCloseTo(0.5);
    expect(b).toBeCloseTo(2);
    expect(calibrate([0.1], [0])[0]).toBeCloseTo(0.1 / 1e-6);
  });
});
