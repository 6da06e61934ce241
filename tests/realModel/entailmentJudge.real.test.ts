import { afterAll, beforeAll, expect, it } from "vitest";
import { LlamaCppProvider } from "../../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import type { ClaimJudge } from "../../electron/engine/workflows/common/checkClaims.js";
import { entailmentJudge } from "../../electron/engine/workflows/common/entailmentJudge.js";
import { describeReal } from "./describeReal.js";
import { realThreads } from "./realModelPath.js";

/**
 * The claim checker's entailment judge on each real model: "yes" and "no" start with tokens of
 * their own in its vocabulary, so the judge reads probabilities and never falls back to the JSON
 * judge. Whether the verdicts are right is the eval's question (docs/eval.md), not a test's: on
 * a 270M model they are noisy.
 */
describeReal(
  "claim entailment judge on the real model",
  (modelPath) => {
    const service = new LlmService();
    const llm = new LlamaCppProvider(service);
    beforeAll(async () => {
      await service.load({ modelPath, threads: realThreads(), sequences: 1, contextSize: 2048 });
    });
    afterAll(() => service.dispose());

    it("weighs yes and no from the next-token distribution, without the JSON fallback", async () => {
      const fallbacks: string[] = [];
      const fallback: ClaimJudge = async (claim, windows) => {
        fallbacks.push(claim);
        return { supported: false, evidence_chunk_id: windows[0]!.chunk_id };
      };
      const judge = entailmentJudge(llm, fallback);
      const windows = [{ chunk_id: "c1", text: "The museum reopened in 2019 after a renovation that took three years." }];
      const before = service.tokenCounts();
      for (const claim of ["The museum was renovated for three years before reopening.", "博物馆在2019年重新开放。"]) {
        const verdict = await judge(claim, windows);
        expect(typeof verdict.supported).toBe("boolean");
        expect(verdict.evidence_chunk_id).toBe("c1");
      }
      expect(fallbacks).toEqual([]);
      // One prefill per question and none generated: at most one token out per call (prior + two claims).
      expect(service.tokenCounts().output - before.output).toBeLessThanOrEqual(3);
    }, 180_000);
  },
  ["gemma", "smollm2"],
);
