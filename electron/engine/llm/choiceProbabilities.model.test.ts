import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTinyGguf } from "../../../tests/fixtures/tinyGguf.js";
import { LlamaCppProvider } from "./LlamaCppProvider.js";
import type { RankChoicesOptions } from "./LlmClient.js";
import { LlmService } from "./LlmService.js";

const service = new LlmService();
const llm = new LlamaCppProvider(service);

beforeAll(async () => {
  await service.load({ modelPath: await createTinyGguf({ qwen3: true }), threads: 1, sequences: 1, contextSize: 2048 });
});
afterAll(() => service.dispose());

// The Qwen3-shaped tiny GGUF: its chat template is the path an instruction-tuned model takes, and
// its vocabulary has whole first pieces for these three (its plain words start with a bare ▁).
const EXAMPLES = Array.from({ length: 12 }, (_, i) => `Question: example number ${i} about the paper\nTask: ${["apple", "<think>", "</think>"][i % 3]}`).join("\n\n");
const ask = (question: string, choices: string[] = ["apple", "<think>", "</think>"]): RankChoicesOptions => ({
  system: "Pick one task word.",
  prompt: `${EXAMPLES}\n\nQuestion: ${question}`,
  answerCue: "Task:",
  choices,
});

describe("rankChoices on the tiny GGUF", () => {
  it("reads one probability per choice from the next-token distribution, and generates nothing", async () => {
    const before = service.tokenCounts();
    const probabilities = (await llm.rankChoices(ask("what is the sample size?")))!;
    expect(probabilities).toHaveLength(3);
    for (const p of probabilities) expect(p).toBeGreaterThanOrEqual(0);
    expect(probabilities.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1 + 1e-6);
    expect(service.tokenCounts().output - before.output).toBeLessThanOrEqual(1);
  });

  it("prefills only what follows the part of the prompt the sequence already holds, with the same answer", async () => {
    const first = (await llm.rankChoices(ask("how many runs?")))!;
    const start = service.tokenCounts().input;
    await llm.rankChoices(ask("which hardware did they use?"));
    const secondInput = service.tokenCounts().input - start;
    const whole = await llm.countTokens(`Pick one task word.\n\n${EXAMPLES}`);
    expect(secondInput).toBeGreaterThan(0);
    expect(secondInput).toBeLessThan(whole / 4);
    const again = (await llm.rankChoices(ask("how many runs?")))!;
    again.forEach((p, i) => expect(p).toBeCloseTo(first[i]!, 5));
  });

  it("keeps a reusable call's answer for the loaded model: asked again, nothing is prefilled; after a reload it is asked anew", async () => {
    const prior = { ...ask("N/A"), reusable: true };
    const first = (await llm.rankChoices(prior))!;
    await llm.rankChoices(ask("something else entirely?"));
    const start = service.tokenCounts().input;
    expect(await llm.rankChoices(prior)).toEqual(first);
    expect(service.tokenCounts().input - start).toBe(0);
    await service.load({ modelPath: await createTinyGguf({ qwen3: true }), threads: 1, sequences: 1, contextSize: 2048 });
    const again = (await llm.rankChoices(prior))!;
    expect(service.tokenCounts().input).toBeGreaterThan(0);
    again.forEach((p, i) => expect(p).toBeCloseTo(first[i]!, 5));
  });

  it("reads the prompt as plain text when asked, even though this model has a chat template", async () => {
    const templated = (await llm.rankChoices(ask("how many runs?")))!;
    const plain = (await llm.rankChoices({ ...ask("how many runs?"), plainText: true }))!;
    expect(plain).toHaveLength(3);
    expect(plain.some((p, i) => Math.abs(p - templated[i]!) > 1e-9)).toBe(true);
  });

  it("answers null, not a guess, for choices its vocabulary cannot tell apart in one step", async () => {
    // "table" and "translate" both start with a bare ▁ here: the caller asks for JSON instead.
    expect(await llm.rankChoices(ask("anything", ["table", "translate"]))).toBeNull();
  });
});
