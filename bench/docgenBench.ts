import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { EngineEvent } from "../shared/events.js";
import { createEngine } from "../electron/engine/createEngine.js";
import type { Engine } from "../electron/engine/Engine.js";
import { LlamaCppProvider } from "../electron/engine/llm/LlamaCppProvider.js";
import type { GenerateStructuredOptions, GenerateTextOptions, LlmClient } from "../electron/engine/llm/LlmClient.js";
import { LlmService } from "../electron/engine/llm/LlmService.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../electron/engine/testing/ScriptedLlm.js";
import { cleanSection, outlineOf, sectionIndexOf } from "../electron/engine/testing/docgenTestKit.js";
import { numberLines } from "../electron/engine/workflows/docgen/revise/lineNumbers.js";
import { renderPrompt } from "../electron/engine/workflows/common/definePrompt.js";
import { REVIEW_PROMPT } from "../electron/engine/workflows/docgen/prompts.js";
import { createTinyGguf } from "../tests/fixtures/tinyGguf.js";
import { APP_DB_FILE } from "../electron/engine/storage/AppDb.js";
import { langGraphFloor, loopSupersteps } from "./lib/langGraphFloor.js";
import { median, sideBySide } from "./lib/sideBySide.js";
import { TimedLlm } from "./lib/timedLlm.js";
import type { BenchContext, GroupResult } from "./lib/types.js";
import { emptyResult } from "./lib/types.js";

const SECTIONS = 6;
/** Tokens per section in the overhead runs, the article bench's length (`hybridArticleLlm(service, 48)`). */
const SECTION_TOKENS = 48;

/**
 * Sections by real llama.cpp on the tiny GGUF (streamed prose, capped), every structured step
 * scripted: random tiny weights cannot be trusted to close a JSON object in budget, and their
 * near-zero time still counts as LLM time.
 */
function hybridDocgenLlm(real: LlmClient, sectionTokens: number): LlmClient {
  const script = new ScriptedLlm({
    replies: {
      "writer.outline": outlineOf(SECTIONS),
      "writer.section": (o: ScriptedCallOptions) => cleanSection(outlineOf(SECTIONS).sections[sectionIndexOf(o)]!.title),
      reviewer: { violations: [] },
    },
  });
  return {
    countTokens: (text: string) => real.countTokens(text),
    contextTokens: () => real.contextTokens(),
    id: "bench:docgen",
    generateText: async (o: GenerateTextOptions) => {
      const r = await real.generateText({ ...o, maxTokens: sectionTokens, maxContinuations: 0 });
      // The real text is random; the document keeps a clean scripted section so the review passes.
      const clean = await script.generateText(o);
      return { ...r, text: clean.text };
    },
    generateStructured: <T>(o: GenerateStructuredOptions<T>) => script.generateStructured(o),
  };
}

async function runOnce(ctx: BenchContext, llm: LlmClient, sequences: number): Promise<number> {
  const dataDir = mkdtempSync(path.join(ctx.tmpDir, "docgen-"));
  const engine = await createEngine({ dataDir, llm, recover: false });
  try {
    await engine.call("settings.update", { sequences });
    return (await runDocgen(engine)).wall;
  } finally {
    await engine.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One docgen run from text to `done` on an open engine: its wall time in ms, and its session. */
async function runDocgen(engine: Engine): Promise<{ wall: number; sessionId: string }> {
  const started = performance.now();
  const { sessionId } = await engine.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "基准", context: "资料。" } });
  await new Promise<void>((resolve, reject) => {
    const unsubscribe = engine.subscribe(sessionId, 0, (e: EngineEvent) => {
      if (e.type === "done") {
        unsubscribe();
        resolve();
      } else if (e.type === "error" || e.type === "await_user") {
        unsubscribe();
        reject(new Error(e.type === "error" ? e.error.message : "paused"));
      }
    });
  });
  return { wall: performance.now() - started, sessionId };
}

/**
 * `workflow.docgen_overhead`: share of a docgen run's wall time not spent in LLM calls. Sections
 * of 48 tokens in both modes, as the article bench's: quick mode takes fewer samples elsewhere, not a
 * different run here (it drafted 16-token sections until 2026-12-02, which read about twice full
 * mode's figure for the same orchestration milliseconds).
 * `docgen.section_speedup`: wall time of the section phase with 1 worker over 2 (6 sections, pool of 2).
 * `docgen.review_prefix_reuse`: time of six module reviews with the draft in a different place each
 * time (no shared prefix) over the same reviews with the draft first (the KV cache keeps it).
 */
export async function docgenBench(ctx: BenchContext): Promise<GroupResult> {
  const result = emptyResult();
  const service = new LlmService();
  await service.load({ modelPath: await createTinyGguf(), sequences: 2, contextSize: 2048 });
  try {
    const real = new LlamaCppProvider(service);
    // One engine, as in the app: its first run also compiles the docgen graph (once per app start),
    // so that run is reported on its own and the metric is the median of the runs after it.
    const runs = 5;
    const shares: number[] = [];
    const gaps: number[] = [];
    let supersteps = 0;
    const llm = new TimedLlm(hybridDocgenLlm(real, SECTION_TOKENS));
    const dataDir = mkdtempSync(path.join(ctx.tmpDir, "docgen-"));
    const engine = await createEngine({ dataDir, llm, recover: false });
    try {
      await engine.call("settings.update", { sequences: 2 });
      for (let i = 0; i <= runs; i++) {
        llm.reset();
        const { wall, sessionId } = await runDocgen(engine);
        const share = 1 - llm.busyMs() / wall;
        if (i > 0) {
          shares.push(share);
          gaps.push(wall - llm.busyMs());
        }
        if (i === runs) supersteps = loopSupersteps(path.join(dataDir, APP_DB_FILE), sessionId);
        ctx.log(`docgen ${i === 0 ? "first run (graph compiled)" : `run ${i}`}: ${(wall / 1000).toFixed(2)} s wall, ${(llm.busyMs() / 1000).toFixed(2)} s in ${llm.calls} LLM calls, overhead ${share.toFixed(3)}`);
        if (i === 0) result.notes.push(`docgen overhead of the engine's first run (compiles the graph): ${share.toFixed(3)}`);
      }
    } finally {
      await engine.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
    result.metrics["workflow.docgen_overhead"] = median(shares);
    const floor = await langGraphFloor(ctx.tmpDir, ctx.quick ? 10 : 20);
    result.notes.push(
      `docgen run outside LLM calls: median ${median(gaps).toFixed(0)} ms; it takes ${supersteps} LangGraph supersteps in one graph stream; a bare graph of the same shape costs ${floor.stepMs.toFixed(2)} ms per superstep here now (no-op nodes, 20 channels, the runner's saver and stream settings), so ≥ ${(supersteps * floor.stepMs).toFixed(0)} ms of it is LangGraph's own`,
    );

    const sections = await sideBySide(
      ctx.quick ? 1 : 3,
      () => runOnce(ctx, hybridDocgenLlm(real, ctx.quick ? 16 : 64), 1),
      () => runOnce(ctx, hybridDocgenLlm(real, ctx.quick ? 16 : 64), 2),
    );
    result.metrics["docgen.section_speedup"] = sections.ratio;
    result.notes.push(`docgen sections: ${SECTIONS} sections, 1 worker ${(sections.medianA / 1000).toFixed(2)} s vs max(1, ceil(6/3)) = 2 workers ${(sections.medianB / 1000).toFixed(2)} s (whole run, 2 sequences loaded)`);

  } finally {
    await service.dispose();
  }
  await reviewParallel(ctx, result);
  // Prefix reuse on one sequence with room for the whole prompt: the tiny GGUF's tokenizer spends a
  // token per byte on Chinese, so a 2 × 1024 context would overflow and measure context shifts instead.
  const single = new LlmService();
  await single.load({ modelPath: await createTinyGguf(), sequences: 1, contextSize: 8192 });
  try {
    const real = new LlamaCppProvider(single);
    const draft = numberLines(Array.from({ length: 30 }, (_, i) => (i % 6 === 0 ? `## 第 ${i / 6 + 1} 节` : `第 ${i + 1} 行正文。`)).join("\n"));
    const modules = ["元数据与结构", "排版与符号", "代码与图表", "特定章节", "命名白名单", "内容风格"];
    const review = async (shared: boolean): Promise<number> => {
      const started = performance.now();
      for (const [i, name] of modules.entries()) {
        // Without reuse the module's own text comes first, so no two prompts share the draft as a prefix.
        const review = renderPrompt(REVIEW_PROMPT, "zh", { numberedDraft: draft, moduleName: name, ruleIds: "6.1", rules: `规则 ${i}` });
        const prompt = shared ? review.prompt : `模块 ${i}：${name}\n\n${review.prompt}`;
        await real.generateText({ system: review.system, prompt, maxTokens: 4, maxContinuations: 0, temperature: 0 });
      }
      return (performance.now() - started) / modules.length;
    };
    const reuse = await sideBySide(ctx.quick ? 2 : 4, () => review(false), () => review(true));
    // ratio > 1: reviewing with the shared draft prefix is faster.
    result.metrics["docgen.review_prefix_reuse"] = reuse.ratio;
    result.notes.push(`docgen review per module: ${reuse.medianA.toFixed(0)} ms without a shared draft prefix vs ${reuse.medianB.toFixed(0)} ms with it (30-line draft, 4 tokens out, one sequence)`);
  } finally {
    await single.dispose();
  }
  return result;
}

/** Tokens each module review generates in the parallel bench: a short finding list's length. */
const REVIEW_TOKENS = 24;

/**
 * `docgen.review_parallel_speedup`: a review-only docgen run (six modules, none failing) with the
 * model's parallelism at 1 ÷ at 4, side by side on one 4-sequence pool of the tiny GGUF. Every
 * review call prefills its real prompt (draft, module, rules) and decodes {@link REVIEW_TOKENS}
 * tokens on llama.cpp; the findings handed back are scripted (none), so every module passes and
 * the reviews of the one draft can run side by side. The speed-up is bounded by what four
 * sequences at once allow, `llm.parallel_ceiling_4`, which the llm group measures.
 */
async function reviewParallel(ctx: BenchContext, result: GroupResult): Promise<void> {
  const service = new LlmService();
  await service.load({ modelPath: await createTinyGguf(), sequences: 4, contextSize: 4 * 4096 });
  try {
    const real = new LlamaCppProvider(service);
    const script = new ScriptedLlm({ replies: { reviewer: { violations: [] } } });
    let calls = 0;
    const llm: LlmClient = {
      countTokens: (text: string) => real.countTokens(text),
      contextTokens: () => real.contextTokens(),
      id: "bench:docgen-review",
      generateText: (o: GenerateTextOptions) => real.generateText(o),
      generateStructured: async <T>(o: GenerateStructuredOptions<T>) => {
        calls++;
        await real.generateText({ system: o.system, prompt: o.prompt, maxTokens: REVIEW_TOKENS, maxContinuations: 0, temperature: 0, signal: o.signal });
        return script.generateStructured(o);
      },
    };
    const draft = ["# Bench note", "", ...Array.from({ length: 10 }, (_, i) => (i % 5 === 0 ? `## Part ${i / 5 + 1}` : `Line ${i + 1} of the note.`))].join("\n");
    const review = async (sequences: number): Promise<number> => {
      const dataDir = mkdtempSync(path.join(ctx.tmpDir, "docgen-review-"));
      const engine = await createEngine({ dataDir, llm, recover: false });
      try {
        await engine.call("settings.update", { sequences });
        const started = performance.now();
        const { sessionId } = await engine.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "review", review_only: true, context: draft } });
        await untilDone(engine, sessionId);
        return performance.now() - started;
      } finally {
        await engine.dispose();
        rmSync(dataDir, { recursive: true, force: true });
      }
    };
    await review(4); // warm-up: every sequence holds a review prompt, as after a first review
    calls = 0;
    const sides = await sideBySide(ctx.quick ? 1 : 3, () => review(1), () => review(4));
    result.metrics["docgen.review_parallel_speedup"] = sides.ratio;
    result.notes.push(
      `docgen review-only run (${draft.split("\n").length}-line note, ${calls / (2 * (ctx.quick ? 1 : 3))} model reviews a run, ${REVIEW_TOKENS} tokens each): one at a time ${(sides.medianA / 1000).toFixed(2)} s vs up to 4 at once ${(sides.medianB / 1000).toFixed(2)} s; bounded by llm.parallel_ceiling_4`,
    );
  } finally {
    await service.dispose();
  }
}

function untilDone(engine: Engine, sessionId: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const unsubscribe = engine.subscribe(sessionId, 0, (e: EngineEvent) => {
      if (e.type === "done") {
        unsubscribe();
        resolve();
      } else if (e.type === "error" || e.type === "await_user") {
        unsubscribe();
        reject(new Error(e.type === "error" ? e.error.message : "paused"));
      }
    });
  });
}
