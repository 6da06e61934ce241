import { afterAll, beforeAll, expect, it } from "vitest";
import { LlamaCppProvider } from "../../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { describeReal } from "./describeReal.js";
import { realThreads } from "./realModelPath.js";

/**
 * The router's kept prefix on each real model: a choice prompt's worked examples are prefilled
 * once, and the next question finds the sequence that holds them even after an unrelated call.
 * Gemma 3 270M has no chat template, so its choice prompt is plain text; the sequence pool was
 * once told the chat rendering instead and sent the next question to the other sequence, which
 * prefilled all the examples again (7.4 s of a routed paper question on an idle machine).
 */
describeReal(
  "a choice prompt's examples stay prefilled",
  (modelPath) => {
    const service = new LlmService();
    const llm = new LlamaCppProvider(service);
    beforeAll(async () => {
      await service.load({ modelPath, threads: realThreads(), sequences: 2, contextSize: 2048 });
    });
    afterAll(() => service.dispose());

    it("prefills only the new question after an unrelated call took the other sequence", async () => {
      const examples = Array.from({ length: 10 }, (_, i) => `Question: does table ${i + 1} report the accuracy of the model on the test set?\nAnswer: yes`).join("\n\n");
      const ask = (question: string) => llm.rankChoices({ system: "Answer yes or no.", prompt: `${examples}\n\nQuestion: ${question}`, answerCue: "Answer:", choices: ["yes", "no"] });
      expect(await ask("does the paper name its funding source?")).not.toBeNull();
      // Shorter than the examples block: a pool misreading the question's tokens would pick its sequence, the one with less to erase.
      await llm.generateText({ system: "Write one word.", prompt: "A colour:", maxTokens: 2, temperature: 0 });
      const before = service.tokenCounts().input;
      expect(await ask("was the code released?")).not.toBeNull();
      expect(service.tokenCounts().input - before).toBeLessThan(40);
    }, 180_000);
  },
  ["gemma", "smollm2"],
);
