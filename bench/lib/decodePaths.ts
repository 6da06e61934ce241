import { LlamaChatSession } from "node-llama-cpp";
import { LlamaCppProvider } from "../../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { bareDecode, timedCall } from "../llmPathBench.js";
import { median } from "./sideBySide.js";
import { findRealModel } from "../eval/realModel.js";

/**
 * Decode rate of one call on the real model four ways, interleaved (A B C D, four rounds, 128
 * tokens, one thread): through the app (LlamaCppProvider), bare LlamaCompletion (the bench's raw),
 * a bare LlamaChatSession, and that session with the app's repeat penalty. It tells the app's own
 * per-token cost from node-llama-cpp's chat session's. By hand:
 * `npx tsx bench/lib/decodePaths.ts [model.gguf]`.
 */
const service = new LlmService();
await service.load({ modelPath: process.argv[2] ?? findRealModel() ?? "", sequences: 1, contextSize: 4096, threads: 1 });
const llm = new LlamaCppProvider(service);
const prompt = (i: number) => ({ system: "You are a writer.", prompt: `Write paragraph ${i} of a report on irrigation pilots.` });
/** A bare chat session as the app opens one, rate from the first token to the end. */
async function chat(i: number, extra: Record<string, unknown>): Promise<number> {
  return service.withSequence(async (sequence, { chatWrapper }) => {
    const session = new LlamaChatSession({
      contextSequence: sequence,
      chatWrapper,
      systemPrompt: prompt(i).system,
      forceAddSystemPrompt: true,
      autoDisposeSequence: false,
    });
    let first = 0;
    let n = 0;
    await session.promptWithMeta(prompt(i).prompt, {
      maxTokens: 128,
      temperature: 0,
      onToken: (t) => {
        first ||= performance.now();
        n += t.length;
      },
      ...extra,
    });
    const end = performance.now();
    session.dispose({ disposeSequence: false });
    return ((n - 1) * 1000) / (end - first);
  }, undefined, prompt(i));
}
await timedCall(llm, prompt(0), 16);
const rows: Record<string, number[]> = { app: [], completion: [], chat: [], chatPenalty: [] };
for (let i = 1; i <= 4; i++) {
  rows.app!.push((await timedCall(llm, prompt(i), 128)).decodeRate);
  rows.completion!.push(await bareDecode(service, prompt(i), 128));
  rows.chat!.push(await chat(i, {}));
  rows.chatPenalty!.push(await chat(i, { repeatPenalty: { penalty: 1.15, lastTokens: 64 } }));
}
for (const [k, v] of Object.entries(rows)) console.log(k, median(v).toFixed(2), v.map((x) => x.toFixed(1)).join(" "));
await service.dispose();
