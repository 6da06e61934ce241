import { afterAll, beforeAll, expect, it } from "vitest";
import { PAPER_INTENTS } from "../../shared/workflows/paper.js";
import { LlamaCppProvider } from "../../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { rankIntent } from "../../electron/engine/workflows/paper/rankIntent.js";
import { describeReal } from "./describeReal.js";
import { realThreads } from "./realModelPath.js";

/**
 * The paper router's model step on each real model: the seven task words start with tokens of
 * their own in its vocabulary, so the router weighs them and never falls back to the JSON call;
 * the content-free prior is asked once per loaded model. How often it is right is the eval's
 * question (bench/eval/routerStep.ts, docs/eval.md), not a test's.
 */
describeReal(
  "paper router ranking on the real model",
  (modelPath) => {
    const service = new LlmService();
    const llm = new LlamaCppProvider(service);
    beforeAll(async () => {
      await service.load({ modelPath, threads: realThreads(), sequences: 1, contextSize: 2048 });
    });
    afterAll(() => service.dispose());

    it("routes from the next-token distribution, generates nothing, and asks the prior once per model", async () => {
      const before = service.tokenCounts();
      const first = await rankIntent(llm, "How many volunteers took part in the study?", "");
      expect(first).not.toBeNull();
      expect(PAPER_INTENTS).toContain(first!.intent);
      const afterFirst = service.tokenCounts();
      const second = await rankIntent(llm, "How many volunteers took part in the trial?", "");
      expect(second).not.toBeNull();
      // The second question shares the examples block and the prior is kept: only its own words are prefilled.
      expect(service.tokenCounts().input - afterFirst.input).toBeLessThan(40);
      expect(afterFirst.input - before.input).toBeGreaterThan(200);
      // One prefill per call, nothing sampled: at most one token out per call (four priors, two questions).
      expect(service.tokenCounts().output - before.output).toBeLessThanOrEqual(6);
    }, 300_000);
  },
  ["gemma", "smollm2"],
);
