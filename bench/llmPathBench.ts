import { LlamaCompletion } from "node-llama-cpp";
import { LlamaCppProvider } from "../electron/engine/llm/LlamaCppProvider.js";
import type { LlmClient } from "../electron/engine/llm/LlmClient.js";
import type { LlmService } from "../electron/engine/llm/LlmService.js";
import { sectionPrompt } from "../electron/engine/workflows/article/prompts.js";
import { median } from "./lib/sideBySide.js";
import type { BenchContext, GroupResult } from "./lib/types.js";

/** One measured call: wall time, time to the first streamed chunk, tokens, and decode rate after the first chunk. */
interface CallTiming {
  wallMs: number;
  ttftMs: number;
  tokens: number;
  /** Generated tokens/s from the first chunk to the end (prefill excluded). */
  decodeRate: number;
}

/** Shared by every section of the bench article: what stable-first prompts let the pool reuse. */
const MATERIALS = [
  "[m001] A 2025 survey of 400 newsrooms: 38% run at least one model on their own hardware.",
  "[m002] Quantised 8-bit weights cut memory traffic per token by half compared with 16-bit.",
  "[m003] Offline tools keep unpublished drafts on the writer's machine, a legal requirement for some.",
  "[m004] On two laptop cores, prompt processing rather than generation dominates the wait.",
];
const SECTIONS = ["Why newsrooms go local", "What the hardware allows", "Keeping drafts private", "Where the time goes", "What is left to solve"];

/** The real article section prompt (English, so the bench vocabulary's byte tokens stay ~1 per character). */
function section(index: number): { system: string; prompt: string } {
  return sectionPrompt("en", {
    articleTitle: "Writing with local models",
    sectionTitle: SECTIONS[index % SECTIONS.length]!,
    keyPoints: ["one concrete example", "what it costs"],
    materials: MATERIALS,
    length: 200,
    index: index % SECTIONS.length,
    total: SECTIONS.length,
  });
}

/** A call through LlmClient, timed. */
export async function timedCall(llm: LlmClient, prompt: { system: string; prompt: string }, maxTokens: number): Promise<CallTiming> {
  const started = performance.now();
  let first = 0;
  const result = await llm.generateText({
    ...prompt,
    maxTokens,
    maxContinuations: 0,
    temperature: 0,
    onTextChunk: () => {
      first ||= performance.now();
    },
  });
  const ended = performance.now();
  first ||= ended;
  return {
    wallMs: ended - started,
    ttftMs: first - started,
    tokens: result.tokens,
    decodeRate: result.tokens > 1 && ended > first ? ((result.tokens - 1) * 1000) / (ended - first) : 0,
  };
}

/**
 * Bare decode: `LlamaCompletion` on the sequence the pool would lend for this prompt, fed the
 * same chat-rendered tokens (their prefix is held, so this is generation at the same context
 * length), rate from the first token to the end.
 */
export async function bareDecode(service: LlmService, prompt: { system: string; prompt: string }, maxTokens: number): Promise<number> {
  return service.withSequence(
    async (sequence, { chatWrapper, model }) => {
      const { contextText } = chatWrapper.generateContextState({
        chatHistory: [
          { type: "system", text: prompt.system },
          { type: "user", text: prompt.prompt },
          { type: "model", response: [] },
        ],
      });
      const completion = new LlamaCompletion({ contextSequence: sequence, autoDisposeSequence: false });
      let tokens = 0;
      let first = 0;
      await completion.generateCompletionWithMeta(contextText.tokenize(model.tokenizer), {
        maxTokens,
        temperature: 0,
        onToken: (chunk) => {
          first ||= performance.now();
          tokens += chunk.length;
        },
      });
      const ended = performance.now();
      completion.dispose({ disposeSequence: false });
      return tokens > 1 && ended > first ? ((tokens - 1) * 1000) / (ended - first) : 0;
    },
    undefined,
    prompt,
  );
}

/** Aggregate generated tokens/s of `width` sections at once, with the prefill/decode split. */
async function concurrentSections(service: LlmService, llm: LlmClient, first: number, width: number, maxTokens: number) {
  const before = service.tokenCounts();
  const started = performance.now();
  const calls = await Promise.all(Array.from({ length: width }, (_, i) => timedCall(llm, section(first + i), maxTokens)));
  const wall = performance.now() - started;
  const after = service.tokenCounts();
  const tokens = calls.reduce((sum, c) => sum + c.tokens, 0);
  return {
    rate: (tokens * 1000) / wall,
    // Until the last section streams its first token, the batch is still prefilling someone.
    prefillMs: Math.max(...calls.map((c) => c.ttftMs)),
    wallMs: wall,
    prefilled: after.input - before.input,
    generated: tokens,
  };
}

/**
 * The LLM call path on the Q8_0 bench model: section throughput against bare decode, prefix reuse
 * TTFT, decode through LlmClient against bare LlamaCompletion, and 2/4 sections in parallel.
 * `service` has 4 sequences loaded; every comparison alternates its variants.
 */
export async function llmPathBench(
  ctx: BenchContext,
  service: LlmService,
  result: GroupResult,
  /** Section length; the figures are for ≥ 256 (a smaller value only for a smoke run). */
  sectionTokens = 256,
): Promise<void> {
  const llm = new LlamaCppProvider(service);
  const rounds = ctx.quick ? 1 : 3;

  // TTFT: cold (a prefix no sequence holds: a fresh nonce opens it) vs warm (the same ~300-token
  // system prompt as the call just before; only the short ask differs).
  const cold: number[] = [];
  const warm: number[] = [];
  const { system } = section(0);
  for (let round = 0; round < (ctx.quick ? 3 : 7); round++) {
    const held = `Run ${round}-${Math.random().toString(36).slice(2, 8)}. ${system}`;
    cold.push((await timedCall(llm, { system: held, prompt: `Write section ${round}.` }, 2)).ttftMs);
    warm.push((await timedCall(llm, { system: held, prompt: `Write section ${round + 1}, shorter.` }, 2)).ttftMs);
  }
  ctx.log(`ttft: cold ${cold.map((v) => v.toFixed(0)).join(", ")} ms; warm ${warm.map((v) => v.toFixed(0)).join(", ")} ms`);
  result.metrics["llm.prefix_reuse_ttft_speedup"] = median(cold) / median(warm);
  result.notes.push(`TTFT cold ${median(cold).toFixed(0)} ms vs with the system prompt + materials held ${median(warm).toFixed(0)} ms (medians of ${cold.length})`);

  // One section at a time, each following another on the pool (the real article path), each
  // followed by a bare decode at the same context length (A B A B …). The concurrent runs sit
  // between sequential sections — S W S S W S per round — so each has one-at-a-time sections on
  // both sides and a slow or fast phase of the machine does not land on one variant only.
  const sequential: CallTiming[] = [];
  const bare: number[] = [];
  const sequentialRates: number[] = [];
  const concurrent: Record<2 | 4, Array<Awaited<ReturnType<typeof concurrentSections>>>> = { 2: [], 4: [] };
  let histogram4 = new Map<number, number>();
  // Native passes (llama.cpp ubatches) per batch in the last 2- and 4-wide runs.
  const passes: Record<2 | 4, Map<number, number>> = { 2: new Map(), 4: new Map() };
  // Native decode step (ms) of a 1-sequence batch (sections one at a time: 10th, 50th, 90th
  // percentile of each section's steps) and the median of a 4-sequence one.
  const stepOne: Record<"p10" | "p50" | "p90" | "mean", number[]> = { p10: [], p50: [], p90: [], mean: [] };
  const stepFour: number[] = [];
  const stepFourMean: number[] = [];
  // Per 4-wide run, beside its rate: its generated tokens ÷ the native time of all its decode steps.
  const ceilingRates: Array<number | null> = [];
  let next = 0;
  const oneAtATime = async (): Promise<CallTiming> => {
    const prompt = section(next++);
    service.decodeBatchHistogram({ reset: true });
    const timing = await timedCall(llm, prompt, sectionTokens);
    for (const [key, quantile] of [["p10", 0.1], ["p50", 0.5], ["p90", 0.9], ["mean", "mean"]] as const) {
      const step = service.decodeStepMs(quantile)?.get(1);
      if (step !== undefined) stepOne[key].push(step);
    }
    sequential.push(timing);
    ctx.log(`section ${next - 1}: ${timing.tokens} tokens in ${(timing.wallMs / 1000).toFixed(1)} s, TTFT ${timing.ttftMs.toFixed(0)} ms`);
    // As long as the section: a shorter bare decode runs at a shorter mean context, which is
    // faster per token (at 128 of 256 tokens, decode_vs_raw read ~2–3 % low in quick mode).
    bare.push(await bareDecode(service, prompt, sectionTokens));
    return timing;
  };
  const atOnce = async (width: 2 | 4): Promise<void> => {
    // Not measured: every sequence drafts a section again first. The bare decodes leave the
    // sequence they ran on holding tokens the chat path does not share (a 4-wide run after them
    // prefilled 2 596 prompt tokens where the 2-wide one prefilled 303: two sequences re-read the
    // whole 1 148-token prompt), and the metric's premise is a pool after a fan-out.
    await concurrentSections(service, llm, next, 4, 1);
    next += 4;
    service.decodeBatchHistogram({ reset: true });
    concurrent[width].push(await concurrentSections(service, llm, next, width, sectionTokens));
    passes[width] = service.decodePassesHistogram() ?? new Map();
    ctx.log(`${width} at once: ${concurrent[width].at(-1)!.rate.toFixed(1)} tok/s`);
    next += width;
    if (width === 4) {
      histogram4 = service.decodeBatchHistogram() ?? new Map();
      const four = service.decodeStepMs()?.get(4);
      if (four !== undefined) stepFour.push(four);
      const fourMean = service.decodeStepMs("mean")?.get(4);
      if (fourMean !== undefined) stepFourMean.push(fourMean);
      const native = service.decodeStepTotalMs();
      const run = concurrent[4].at(-1)!;
      ceilingRates.push(native ? (run.generated * 1000) / native : null);
    }
  };
  // Every sequence has drafted a section before (as after the article's first fan-out): each
  // measured call follows another on the pool, and none pays a one-off cold prefill.
  await concurrentSections(service, llm, next, 4, 1);
  next += 4;
  for (let round = 0; round < rounds; round++) {
    const [first, second] = round % 2 === 0 ? ([4, 2] as const) : ([2, 4] as const);
    const timings = [await oneAtATime()];
    await atOnce(first);
    timings.push(await oneAtATime(), await oneAtATime());
    await atOnce(second);
    timings.push(await oneAtATime());
    // The bare decodes ran in between; the one-at-a-time rate counts the sections' time only.
    sequentialRates.push((timings.reduce((sum, c) => sum + c.tokens, 0) * 1000) / timings.reduce((sum, c) => sum + c.wallMs, 0));
  }

  const endToEnd = median(sequential.map((c) => (c.tokens * 1000) / c.wallMs));
  const viaClient = median(sequential.map((c) => c.decodeRate));
  const bareRate = median(bare);
  result.metrics["llm.section_throughput_ratio"] = endToEnd / bareRate;
  result.metrics["llm.decode_vs_raw"] = viaClient / bareRate;
  result.notes.push(
    `section (real system prompt + shared materials, following another): ${endToEnd.toFixed(1)} tok/s end to end, ${viaClient.toFixed(1)} tok/s decode through LlmClient; bare LlamaCompletion decode at the same context ${bareRate.toFixed(1)} tok/s (medians of ${sequential.length} / ${bare.length}); section TTFT ${median(sequential.map((c) => c.ttftMs)).toFixed(0)} ms`,
  );

  const one = median(sequentialRates);
  for (const width of [2, 4] as const) {
    const runs = concurrent[width];
    const rate = median(runs.map((r) => r.rate));
    result.metrics[`llm.parallel_speedup_${width}`] = rate / one;
    const last = runs[runs.length - 1]!;
    result.notes.push(
      `${width} sections of ${sectionTokens} tokens at once: ${rate.toFixed(1)} tok/s aggregate vs one at a time ${one.toFixed(1)} tok/s; last run: ${last.prefilled} prompt tokens prefilled, ${last.generated} generated, prefill phase ${(last.prefillMs / 1000).toFixed(1)} s of ${(last.wallMs / 1000).toFixed(1)} s`,
    );
  }
  result.notes.push(`decode batches during the last 4-wide run (sequences per batch × batches): ${formatHistogram(histogram4)}`);
  result.notes.push(
    `native passes per decode batch (llama.cpp ubatches, each a pass over the weights; passes × batches): 4-wide ${formatHistogram(passes[4])}, 2-wide ${formatHistogram(passes[2])}`,
  );
  if (stepOne.p50.length) {
    // On a VM the 1-sequence step is bimodal (each llama_decode starts its worker threads afresh:
    // docs/notes/node-llama-cpp-batching.md); a wide p50–p90 gap means the run's figures rode on it.
    result.notes.push(
      `native 1-sequence decode step during the one-at-a-time sections (medians over ${stepOne.p50.length} sections): p10 ${median(stepOne.p10).toFixed(1)} ms, p50 ${median(stepOne.p50).toFixed(1)} ms, p90 ${median(stepOne.p90).toFixed(1)} ms, mean ${median(stepOne.mean).toFixed(1)} ms`,
    );
  }
  if (stepOne.p50.length && stepFour.length) {
    const [step1, step4] = [median(stepOne.p50), median(stepFour)];
    const rate4 = median(concurrent[4].map((r) => r.rate));
    // Per generated token, what is not the native decode step: sampling, detokenising, the JS
    // loop. From the mean step, not the median: the step's slow tail is native time too (with
    // the median, a skewed step once read as ~4 ms "outside" that was ~1 ms).
    const [mean1, mean4] = [median(stepOne.mean), median(stepFourMean)];
    const other1 = 1000 / one - mean1;
    const other4 = (4000 / rate4 - mean4) / 4;
    result.notes.push(
      `native decode step (median): 1 sequence ${step1.toFixed(1)} ms, 4 sequences ${step4.toFixed(1)} ms (${(step4 / step1).toFixed(2)}×, so batching the native steps alone gains ${((4 * step1) / step4).toFixed(2)}×); mean ${mean1.toFixed(1)} and ${mean4.toFixed(1)} ms; per token outside the native step (from the means): ${other1.toFixed(1)} ms one at a time, ${other4.toFixed(1)} ms in the 4-wide run`,
    );
    // The ceiling bounds the speed-up it sits beside, round by round: each 4-wide run's generated
    // tokens over the native time of its decode steps (every width: the ramp at its start and end
    // too), the rate it would reach with no time outside llama.cpp, over the same one-at-a-time
    // rate. Its wall holds all those steps, so no run's rate can exceed its own ceiling, and the
    // median ceiling cannot read below the median speed-up. (4 tokens per mean 4-sequence step was
    // not such a bound: a run's batches of 2 and 3 could beat it on a quiet moment.) The native-only
    // gain (4 lone steps against one 4-wide step) is not a bound either: the app's per-token cost
    // outside the step is amortised four ways in the 4-wide run, so the speed-up may exceed it.
    const ceilings = ceilingRates.filter((rate): rate is number => rate !== null);
    result.metrics["llm.parallel_ceiling_4"] = ceilings.length === concurrent[4].length ? median(ceilings) / one : null;
    if (ceilings.length !== concurrent[4].length) result.reasons["llm.parallel_ceiling_4"] = "a 4-wide run recorded no native decode step time";
    result.notes.push(`native batching gain alone (4 lone steps vs one 4-sequence step, from the means): ${((4 * mean1) / mean4).toFixed(2)}×`);
  }
  const short = await shortContextSteps(service, llm, ctx.quick ? 1 : 2);
  if (short) {
    result.notes.push(
      `native decode step at a ~${short.context}-token context: 1 sequence ${short.one.toFixed(1)} ms, 4 sequences ${short.four.toFixed(1)} ms (${(short.four / short.one).toFixed(2)}×): what a 4-wide step costs without the sections' long context`,
    );
  }
}

/**
 * The native decode step of 1 and of 4 sequences at a short context (a one-line prompt, 64
 * tokens generated), medians over `rounds` A B rounds. Attention is per sequence and grows with
 * the context; the weights' arithmetic is per token. If a 4-wide step still costs several 1-wide
 * steps here, the context is not why batching gains little, and the machine's arithmetic is.
 */
async function shortContextSteps(service: LlmService, llm: LlmClient, rounds: number): Promise<{ one: number; four: number; context: number } | null> {
  const generated = 64;
  const call = (i: number) => llm.generateText({ system: "You are a writer.", prompt: `Write note ${i}.`, maxTokens: generated, maxContinuations: 0, temperature: 0 });
  const ones: number[] = [];
  const fours: number[] = [];
  let prompt = 0;
  for (let round = 0; round < rounds; round++) {
    service.decodeBatchHistogram({ reset: true });
    const before = service.tokenCounts();
    await call(round);
    // The first call shares nothing but a BOS with what the sequences hold; later ones may share more.
    if (round === 0) prompt = service.tokenCounts().input - before.input;
    const one = service.decodeStepMs()?.get(1);
    service.decodeBatchHistogram({ reset: true });
    await Promise.all([0, 1, 2, 3].map((i) => call(10 * round + i)));
    const four = service.decodeStepMs()?.get(4);
    if (one === undefined || four === undefined) return null;
    ones.push(one);
    fours.push(four);
  }
  return { one: median(ones), four: median(fours), context: Math.round(prompt + generated / 2) };
}

/**
 * The same 4-wide run on a service without the decode gather (full mode): what node-llama-cpp's
 * own dispatch makes of it, for the notes.
 */
export async function withoutGather(service: LlmService, result: GroupResult, sectionTokens = 256): Promise<void> {
  const llm = new LlamaCppProvider(service);
  await concurrentSections(service, llm, 0, 4, 1);
  service.decodeBatchHistogram({ reset: true });
  const run = await concurrentSections(service, llm, 4, 4, sectionTokens);
  result.notes.push(
    `without the decode gather: 4 sections at once ${run.rate.toFixed(1)} tok/s aggregate; batches ${formatHistogram(service.decodeBatchHistogram() ?? new Map())}`,
  );
}

function formatHistogram(histogram: Map<number, number>): string {
  const text = [...histogram.entries()].sort((a, b) => b[0] - a[0]).map(([size, count]) => `${size}×${count}`).join(" ");
  return text || "not counted";
}

/**
 * `parallel_speedup_4` alone, on whatever model `service` has loaded (4 sequences): the same
 * sections one at a time against four at once, S W S per round after a fan-out, so each 4-wide
 * run has one-at-a-time sections on both sides. Used for a second weight format beside the main
 * figures: llama.cpp's CPU kernels differ by format (Q8_0 multiplies a batch through tinyBLAS
 * with no saving per token on this machine; Q4_0 is repacked into interleaved blocks with a
 * GEMM kernel), and that, not the batching, sets how much four sequences gain.
 */
export async function parallelSpeedup4(service: LlmService, rounds: number, sectionTokens = 256) {
  const llm = new LlamaCppProvider(service);
  const rates = { one: [] as number[], four: [] as number[] };
  const steps = { one: [] as number[], four: [] as number[] };
  let next = 0;
  await concurrentSections(service, llm, next, 4, 1);
  next += 4;
  const one = async () => {
    service.decodeBatchHistogram({ reset: true });
    const timing = await timedCall(llm, section(next++), sectionTokens);
    rates.one.push((timing.tokens * 1000) / timing.wallMs);
    const step = service.decodeStepMs("mean")?.get(1);
    if (step !== undefined) steps.one.push(step);
  };
  for (let round = 0; round < rounds; round++) {
    await one();
    await concurrentSections(service, llm, next, 4, 1);
    next += 4;
    service.decodeBatchHistogram({ reset: true });
    rates.four.push((await concurrentSections(service, llm, next, 4, sectionTokens)).rate);
    next += 4;
    const step = service.decodeStepMs("mean")?.get(4);
    if (step !== undefined) steps.four.push(step);
    await one();
  }
  const [oneRate, fourRate] = [median(rates.one), median(rates.four)];
  return {
    ratio: fourRate / oneRate,
    one: oneRate,
    four: fourRate,
    stepOneMs: steps.one.length ? median(steps.one) : null,
    stepFourMs: steps.four.length ? median(steps.four) : null,
  };
}
