import { describe, expect, it } from "vitest";
import type { LlmClient, RankChoicesOptions } from "../../llm/LlmClient.js";
import { ScriptedLlm } from "../../testing/ScriptedLlm.js";
import { rankIntent } from "./rankIntent.js";

/** A client whose probabilities are given per question; it counts the content-free prior's calls. */
function weighing(id: string, table: Record<string, number[]>): LlmClient & { asked: string[]; reusable: boolean[]; plainText: boolean[] } {
  const asked: string[] = [];
  const reusable: boolean[] = [];
  const plainText: boolean[] = [];
  return {
    id,
    asked,
    reusable,
    plainText,
    generateText: () => Promise.reject(new Error("not used")),
    generateStructured: () => Promise.reject(new Error("not used")),
    countTokens: () => Promise.resolve(0),
    contextTokens: () => Promise.resolve(2048),
    rankChoices: (options: RankChoicesOptions) => {
      const question = /Question: ([^\n]*)$/.exec(options.prompt)![1]!;
      asked.push(question);
      reusable.push(options.reusable === true);
      plainText.push(options.plainText === true);
      return Promise.resolve(table[question] ?? null);
    },
  };
}

// Order of the choices: chat, critical, deep_read, extract, translate, recommend, literature_review.
const PRIOR = [0.6, 0.1, 0.05, 0.05, 0.1, 0.05, 0.05];
/** The four content-free questions answering the same prior: its spread is 1. */
const FLAT = { "N/A": PRIOR, "": PRIOR, "?": PRIOR, "[MASK]": PRIOR };

describe("rankIntent", () => {
  it("divides by the model's pull toward each word before it reads a question (contextual calibration)", async () => {
    // Raw, chat wins (0.5); against a prior that favours chat 12 to 1, critique's 0.3 / 0.1 wins.
    const llm = weighing("m1", { ...FLAT, "Do the results hold up?": [0.5, 0.3, 0.05, 0.05, 0.05, 0.03, 0.02] });
    const ranked = await rankIntent(llm, "Do the results hold up?", "");
    expect(ranked?.intent).toBe("critical");
    expect(ranked!.share).toBeGreaterThan(0.3);
    expect(ranked!.share).toBeLessThanOrEqual(1);
  });

  it("keeps a question with chat unless another agent outweighs chat by more than the prior's own spread", async () => {
    // The content-free questions disagree on critique by 3× (0.1 against 0.3): critique's calibrated
    // lead of 1.7× over chat is within that noise, so chat keeps the question; with a steady prior it goes.
    const noisy = { ...FLAT, "?": [0.5, 0.3, 0.05, 0.05, 0.05, 0.03, 0.02] };
    const question = "what about the results?";
    const raw = [0.5, 0.2, 0.05, 0.05, 0.1, 0.05, 0.05];
    expect((await rankIntent(weighing("m5", { ...noisy, [question]: raw }), question, ""))?.intent).toBe("chat");
    expect((await rankIntent(weighing("m6", { ...FLAT, [question]: raw }), question, ""))?.intent).toBe("critical");
  });

  it("asks each content-free question of the model that weighs the question, then the question, marking only the former reusable", async () => {
    const first = weighing("model-a", { ...FLAT, "a?": [0.5, 0.3, 0.05, 0.05, 0.05, 0.03, 0.02] });
    // Another model, another pull: its prior favours critique, so the same raw answer stays with chat.
    const other = [0.1, 0.6, 0.05, 0.05, 0.1, 0.05, 0.05];
    const second = weighing("model-b", { "N/A": other, "": other, "?": other, "[MASK]": other, "a?": [0.5, 0.3, 0.05, 0.05, 0.05, 0.03, 0.02] });
    expect((await rankIntent(first, "a?", ""))?.intent).toBe("critical");
    expect((await rankIntent(second, "a?", ""))?.intent).toBe("chat");
    expect(second.asked).toEqual(["N/A", "", "?", "[MASK]", "a?"]);
    expect(second.reusable).toEqual([true, true, true, true, false]);
    expect(second.plainText.every(Boolean)).toBe(true);
  });

  it("answers null where the backend has no probabilities, so the router asks for JSON", async () => {
    expect(await rankIntent(new ScriptedLlm({ replies: {} }), "anything", "")).toBeNull();
    expect(await rankIntent(weighing("m3", {}), "anything", "")).toBeNull();
  });

  it("puts a selection before the question", async () => {
    const llm = weighing("m4", { ...FLAT, "what does this mean?": [0.1, 0, 0, 0, 0.9, 0, 0] });
    let prompt = "";
    const spy: LlmClient = { ...llm, rankChoices: (o) => ((prompt = o.prompt), llm.rankChoices!(o)) };
    expect((await rankIntent(spy, "what does this mean?", "Le modèle est petit."))?.intent).toBe("translate");
    expect(prompt).toMatch(/Selected text: Le modèle est petit\.\nQuestion: what does this mean\?$/);
  });
});
