import path from "node:path";
import { getLlama, LlamaLogLevel, type LlamaModel } from "node-llama-cpp";
import type { z } from "zod";
import { cpuWakeKeeper } from "../electron/engine/llm/CpuWakeKeeper.js";
import { LlmService } from "../electron/engine/llm/LlmService.js";
import { LlamaCppProvider } from "../electron/engine/llm/LlamaCppProvider.js";
import { physicalCoreCount } from "../electron/engine/llm/physicalCoreCount.js";
import { structuredGenerate } from "../electron/engine/llm/structuredGenerate.js";
import { AspectReviewLlmSchema, KeywordsLlmSchema } from "../electron/engine/workflows/article/schemas.js";
import { keywordsPrompt, reviewPrompt } from "../electron/engine/workflows/article/prompts.js";
import { createTinyGguf } from "../tests/fixtures/tinyGguf.js";
import { BENCH_SHAPE, bytesPerToken, createBenchGguf, parameterCount, type BenchWeights } from "./benchGguf.js";
import { llmPathBench, parallelSpeedup4, withoutGather } from "./llmPathBench.js";
import { measureReadBandwidth } from "./lib/memoryBandwidth.js";
import { sideBySide } from "./lib/sideBySide.js";
import type { BenchContext, GroupResult } from "./lib/types.js";
import { emptyResult } from "./lib/types.js";

/** Speed figures are for 8-bit weights: what users run is 4–8-bit, and F16 decode is compute-bound on 2 cores. */
const WEIGHTS: BenchWeights = "Q8_0";

/** LLM runtime metrics: threads, decode vs the bandwidth bound, the call path, parallel sequences, grammar. */
export async function llmBench(ctx: BenchContext): Promise<GroupResult> {
  const result = emptyResult();
  const modelPath = await createBenchGguf(path.join(ctx.tmpDir, "models"), BENCH_SHAPE, WEIGHTS);
  const params = parameterCount(BENCH_SHAPE);
  result.notes.push(`bench model: llama ${WEIGHTS}, ${(params / 1e6).toFixed(0)} M parameters, random weights (${path.basename(modelPath)})`);

  for (const [name, phase] of [
    ["threads and decode", () => threadsAndDecode(ctx, modelPath, result)],
    ["call path and parallel sequences", () => callPath(ctx, modelPath, result)],
    ["structured validity", () => validityRates(ctx, result)],
  ] as const) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await phase();
    const used = process.cpuUsage(cpu);
    ctx.log(`${name}: ${((performance.now() - started) / 1000).toFixed(1)} s (cpu ${((used.user + used.system) / 1e6).toFixed(1)} s)`);
  }
  return result;
}

/**
 * Generate up to `maxTokens` greedily on a fresh sequence; tokens/s over the generation phase
 * only. Holds the CPU wake keeper as LlmService does while it generates, unless `keepAwake` is false.
 */
async function decodeRate(model: LlamaModel, threads: number | undefined, maxTokens: number, budgetMs: number, keepAwake = true): Promise<number> {
  const context = await model.createContext({ contextSize: 512, sequences: 1, ...(threads ? { threads } : {}) });
  const release = keepAwake ? cpuWakeKeeper.hold() : () => undefined;
  try {
    const sequence = context.getSequence();
    const prompt = model.tokenize("Scriptorium writes offline.");
    let generated = 0;
    let started = 0;
    for await (const _token of sequence.evaluate(prompt)) {
      // The first token closes prompt processing; decode speed is measured from there.
      if (generated === 0) started = performance.now();
      generated++;
      if (generated > maxTokens || (generated > 2 && performance.now() - started > budgetMs)) break;
    }
    const seconds = (performance.now() - started) / 1000;
    return generated > 1 ? (generated - 1) / seconds : 0;
  } finally {
    release();
    await context.dispose();
  }
}

async function threadsAndDecode(ctx: BenchContext, modelPath: string, result: GroupResult): Promise<void> {
  // The library's own default threading, exactly as an app that sets nothing would get it.
  const llama = await getLlama({ build: "never", gpu: false, logLevel: LlamaLogLevel.error });
  const model = await llama.loadModel({ modelPath, gpuLayers: 0 });
  try {
    const tokens = ctx.quick ? 12 : 48;
    // One A B pair in quick mode: the ratio is two orders of magnitude on small machines, and the
    // default's capped sample is most of this phase's time, which the call path's samples need more.
    const rounds = ctx.quick ? 1 : 4;
    // Bounded per sample: the oversubscribed default can be orders of magnitude slower (≈ 1 tok/s
    // on 2 cores, so 3 s still times a few of its tokens).
    const budgetMs = ctx.quick ? 3_000 : 20_000;
    const threads = physicalCoreCount();
    const comparison = await sideBySide(
      rounds,
      () => decodeRate(model, threads, tokens, budgetMs),
      () => decodeRate(model, undefined, tokens, budgetMs),
    );
    result.metrics["llm.threads_speedup"] = comparison.ratio;
    result.metrics["llm.decode_tokens_per_s"] = comparison.medianA;
    result.notes.push(
      `decode with threads=${threads}: ${comparison.medianA.toFixed(1)} tok/s; library default: ${comparison.medianB.toFixed(2)} tok/s (${rounds === 1 ? "one A B pair" : `medians of ${rounds}, A/B interleaved`})`,
    );
    // The wake keeper on and off, at the app's threads; long enough samples that a halted core's
    // wake-ups, not the first steps' warm-up, decide them.
    const wakeRounds = ctx.quick ? 3 : 6;
    const wake = await sideBySide(
      wakeRounds,
      () => decodeRate(model, threads, 96, 10_000),
      () => decodeRate(model, threads, 96, 10_000, false),
    );
    result.metrics["llm.cpu_wake_speedup"] = wake.ratio;
    result.notes.push(
      `decode with the CPU wake keeper held: ${wake.medianA.toFixed(1)} tok/s; without: ${wake.medianB.toFixed(1)} tok/s (medians of ${wakeRounds}, A/B interleaved; 96 tokens each)`,
    );
  } finally {
    await model.dispose();
    await llama.dispose();
  }
  const bandwidth = await measureReadBandwidth({ megabytes: ctx.quick ? 512 : 1024, threads: physicalCoreCount() });
  const bound = bandwidth / bytesPerToken(BENCH_SHAPE, WEIGHTS);
  const decode = result.metrics["llm.decode_tokens_per_s"] ?? 0;
  result.metrics["llm.memory_bandwidth_bound_tokens_per_s"] = bound;
  result.metrics["llm.decode_bandwidth_ratio_q8"] = decode / bound;
  // Decode near the bound: reading the weights is the limit. Far below it: the arithmetic (and
  // per-step overhead) is — more threads, or a cheaper quantisation to compute, would help more.
  const binds = decode / bound >= 0.7 ? "memory bandwidth binds" : "compute (dot products + per-step overhead) binds, not memory";
  result.notes.push(
    `memory read bandwidth ${(bandwidth / 1e9).toFixed(1)} GB/s (${physicalCoreCount()} threads) ÷ ${(bytesPerToken(BENCH_SHAPE, WEIGHTS) / 1e6).toFixed(0)} MB of ${WEIGHTS} weights per token = ${bound.toFixed(0)} tok/s bound; decode reaches ${((100 * decode) / bound).toFixed(0)} %: ${binds}`,
  );
}

/** The path metrics run on one service: 4 sequences, room for a section prompt and its reply. */
async function callPath(ctx: BenchContext, modelPath: string, result: GroupResult): Promise<void> {
  const service = new LlmService();
  try {
    await service.load({ modelPath, sequences: 4, contextSize: 2048 });
    await llmPathBench(ctx, service, result);
    if (!ctx.quick) {
      await service.load({ modelPath, sequences: 4, contextSize: 2048, gatherDecodes: false });
      await withoutGather(service, result);
    }
    // The same model in Q4_0: what four sequences gain is set by llama.cpp's kernel for the
    // weight format (perf on this machine: a Q8_0 batch runs tinyBLAS at about a lone token's
    // cost per token; Q4_0 is repacked for a GEMM kernel), so the second format is printed beside it.
    await service.load({ modelPath: await createBenchGguf(path.join(ctx.tmpDir, "models"), BENCH_SHAPE, "Q4_0"), sequences: 4, contextSize: 2048 });
    const q4 = await parallelSpeedup4(service, ctx.quick ? 1 : 3);
    result.metrics["llm.parallel_speedup_4_q4_0"] = q4.ratio;
    const steps = q4.stepOneMs !== null && q4.stepFourMs !== null ? `; mean native step 1 sequence ${q4.stepOneMs.toFixed(1)} ms, 4 sequences ${q4.stepFourMs.toFixed(1)} ms (${(q4.stepFourMs / q4.stepOneMs).toFixed(2)}×)` : "";
    result.notes.push(`the same bench model in Q4_0 (repacked, GEMM kernel): 4 sections of 256 tokens at once ${q4.four.toFixed(1)} tok/s aggregate vs one at a time ${q4.one.toFixed(1)} tok/s = ${q4.ratio.toFixed(2)}×${steps}`);
  } finally {
    await service.dispose();
  }
}

/**
 * Same tiny model, same prompts, one attempt each: grammar-constrained vs prompt + few-shot +
 * lenient parsing alone. The tiny model has random weights, so the prompt-only rate shows what
 * the grammar guarantees when the model itself cannot be trusted.
 */
async function validityRates(ctx: BenchContext, result: GroupResult): Promise<void> {
  const service = new LlmService();
  try {
    // One thread: validity does not depend on speed, and on a model this small a second thread
    // only adds a sync barrier per op — on a loaded machine each one waits a scheduler slice, and
    // a 1024-token prompt-only reply took 17–57 CPU-seconds with two threads vs < 1 s with one.
    await service.load({ modelPath: await createTinyGguf(), sequences: 2, contextSize: 2048, threads: 1 });
    const llm = new LlamaCppProvider(service);
    const calls = ctx.quick ? 6 : 50;
    const keywords = keywordsPrompt("zh", "写一篇关于本地大模型的分析文章", {
      article_type: "analysis",
      target_audience: "技术管理者",
      word_count_target: 1500,
      locale: "zh",
      key_questions: ["成本如何？"],
    });
    const review = reviewPrompt("zh", "logic", "## 引言\n本地模型正在普及。", []);
    const jobs: Array<{ prompt: { system: string; prompt: string }; schema: z.ZodType<unknown> }> = [];
    for (let i = 0; i < calls; i++) {
      jobs.push(i % 2 === 0 ? { prompt: keywords, schema: KeywordsLlmSchema } : { prompt: review, schema: AspectReviewLlmSchema });
    }
    let grammarValid = 0;
    let promptValid = 0;
    for (const job of jobs) {
      // The app's default budget for a structured call; a reply it cuts off counts as invalid.
      const options = { ...job.prompt, schema: job.schema, maxAttempts: 1, maxTokens: 1024, temperature: 0.8 };
      if (await succeeds(() => llm.generateStructured(options))) grammarValid++;
      const promptOnly = () =>
        structuredGenerate(options, async (request) => {
          const reply = await llm.generateText({
            system: request.system,
            prompt: request.prompt,
            maxTokens: request.maxTokens,
            temperature: request.temperature,
            maxContinuations: 0,
          });
          return { text: reply.text, tokens: reply.tokens };
        });
      if (await succeeds(promptOnly)) promptValid++;
    }
    result.metrics["llm.grammar_valid_rate"] = grammarValid / calls;
    result.metrics["llm.prompt_only_valid_rate"] = promptValid / calls;
    result.notes.push(`validity: ${calls} calls each (keyword and review schemas alternating), tiny random GGUF, one attempt per call`);
  } finally {
    await service.dispose();
  }
}

async function succeeds(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch {
    return false;
  }
}
