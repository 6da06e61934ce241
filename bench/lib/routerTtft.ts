import type { LlmClient } from "../../electron/engine/llm/LlmClient.js";
import { routerPrompt } from "../../electron/engine/workflows/paper/routerPrompt.js";
import { timedCall } from "../llmPathBench.js";
import { median } from "./sideBySide.js";

export interface RouterTtft {
  /** Median ms to the first token of a routed question when no sequence holds the router's prompt. */
  coldMs: number;
  /** The same for the next question of the session (another question, now with a selection): the prefix is kept. */
  keptMs: number;
  /** Tokens of one rendered router prompt (system + prompt, before the chat template). */
  promptTokens: number;
}

/**
 * The paper router's real prompt (system, the examples, the question), first after an unrelated
 * call has taken every sequence (`sequences` of them), then for the session's next question. Each
 * round alternates the two; 4 tokens out (the decision's first tokens: TTFT is the prefill).
 */
export async function routerTtft(llm: LlmClient, rounds: number, sequences: number): Promise<RouterTtft> {
  const cold: number[] = [];
  const kept: number[] = [];
  for (let i = 0; i < rounds; i++) {
    // Unrelated calls on every sequence at once: none still holds the router's prefix.
    await Promise.all(Array.from({ length: sequences }, (_, s) => timedCall(llm, { system: `You are note taker ${i}-${s}.`, prompt: `Unrelated note ${i}-${s}.` }, 4)));
    cold.push((await timedCall(llm, routerPrompt("en", `What latency was measured in study ${i}?`, "", 1), 4)).ttftMs);
    kept.push((await timedCall(llm, routerPrompt("en", `Is the claim in this paragraph supported? (${i})`, `the results paragraph of section ${i}`, 1), 4)).ttftMs);
  }
  const sample = routerPrompt("en", "What latency was measured?", "", 1);
  return { coldMs: median(cold), keptMs: median(kept), promptTokens: await llm.countTokens(`${sample.system}\n${sample.prompt}`) };
}
