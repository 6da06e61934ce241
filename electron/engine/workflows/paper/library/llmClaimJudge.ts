import { z } from "zod";
import type { LlmClient } from "../../../llm/LlmClient.js";
import type { ClaimJudge } from "../../common/checkClaims.js";
import { entailmentJudge } from "../../common/entailmentJudge.js";

export const JudgeSchema = z.object({
  supported: z.boolean().describe("Whether one of the passages supports the claim"),
  evidence_chunk_id: z.string().max(64).describe("Id of the passage that supports it"),
});

const SYSTEM =
  "You are a fact checker. Your only task: decide whether one of the passages supports the claim, and name that passage's id. Output JSON only. If no passage supports it, supported is false.";

/**
 * The grey-zone judge: a yes/no entailment question per passage scored by next-token
 * probabilities, or, where the backend exposes none, the JSON judge.
 */
export function llmClaimJudge(llm: LlmClient): ClaimJudge {
  return entailmentJudge(llm, jsonClaimJudge(llm));
}

/** The grey-zone judge as one grammar-constrained call `{supported, evidence_chunk_id}` per claim, temperature 0. */
export function jsonClaimJudge(llm: LlmClient): ClaimJudge {
  return async (claim, windows, signal) => {
    // Passages first, the claim last: claims judged against the same windows share the prefix.
    const prompt =
      `Passages:\n${windows.map((w) => `(${w.chunk_id}) ${w.text}`).join("\n")}\n\n` +
      `Example: {"supported":true,"evidence_chunk_id":"${windows[0]?.chunk_id ?? "p0:1"}"}\n\nClaim: ${claim}`;
    const { value } = await llm.generateStructured({ system: SYSTEM, prompt, schema: JudgeSchema, tag: { role: "paper", step: "judge" }, temperature: 0, maxTokens: 80, maxAttempts: 2, ...(signal ? { signal } : {}) });
    return value;
  };
}
