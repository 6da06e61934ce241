import { LlamaCppProvider } from "../../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { rankIntent } from "../../electron/engine/workflows/paper/rankIntent.js";
import { findRealModel } from "../eval/realModel.js";
import { realThreads } from "../../tests/realModel/realModelPath.js";

/**
 * The router's kept prefix as the paper reader meets it: a question routed, then the chat agent's
 * answer on the other sequence, then the next question. For each question: the tokens prefilled
 * (load-independent) and the wall time of the decision. By hand:
 * `SCRIPTORIUM_REAL_THREADS=1 npx tsx bench/lib/routerPrefill.ts [model.gguf]`.
 */
const service = new LlmService();
await service.load({ modelPath: process.argv[2] ?? findRealModel()!, sequences: 2, contextSize: 4096, threads: realThreads() });
const llm = new LlamaCppProvider(service);
const paper = "Sparse experts route each token to two of eight feed-forward experts. ".repeat(40);
const questions = ["What latency was measured in study 4?", "How many layers does configuration K5 use?", "Summarise the method.", "这篇论文的主要贡献是什么？"];
for (const question of questions) {
  const before = service.tokenCounts().input;
  const started = performance.now();
  const ranked = await rankIntent(llm, question, "");
  const ms = performance.now() - started;
  console.log(`${question.padEnd(44)} ${ranked?.intent ?? "null"}\tprefilled ${service.tokenCounts().input - before} tokens\t${ms.toFixed(0)} ms`);
  // The chat agent's answer, as a routed question is followed by one.
  await llm.generateText({ system: "Answer from the paper.", prompt: `${paper}\n\nQuestion: ${question}`, maxTokens: 16, temperature: 0 });
}
await service.dispose();
