import fs from "node:fs";
import path from "node:path";
import { LlamaCppProvider } from "../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../electron/engine/llm/LlmService.js";
import { FALLBACK_MARK_EN } from "../electron/engine/workflows/common/draftSection.js";
import type { EngineEvent } from "../shared/events.js";
import { buildPaperPdf } from "../tests/papers/paperPdf.js";
import { createEvalEngine, runSession, type EvalEngine } from "./eval/evalEngine.js";
import { findRealModel, NOT_RUN_HINT } from "./eval/realModel.js";
import { realThreads } from "../tests/realModel/realModelPath.js";
import { loadArticleSet, loadDocgenSet } from "./eval/sets.js";
import { bareDecode, timedCall } from "./llmPathBench.js";
import { median } from "./lib/sideBySide.js";
import type { BenchContext, GroupResult } from "./lib/types.js";
import { emptyResult, unavailable } from "./lib/types.js";

export const REAL_METRICS = [
  "real.decode_tokens_per_s",
  "real.decode_vs_raw",
  "real.ttft_cold_ms",
  "real.ttft_kept_prefix_ms",
  "real.paper_routed_ms",
  "real.paper_forced_ms",
  "real.article_run_s",
  "real.article_to_draft_s",
  "real.deep_read_15p_s",
  "real.docgen_review_100_lines_s",
  "real.raw_decode_tokens_per_s",
  "real.raw_prefill_tokens_per_s",
  "real.ttft_cold_vs_floor",
  "real.paper_routed_vs_floor",
  "real.article_run_vs_floor",
  "real.article_to_draft_vs_floor",
  "real.deep_read_15p_vs_floor",
  "real.docgen_review_100_lines_vs_floor",
  "real.generated_tokens_kept_share",
];

const MATERIALS = Array.from({ length: 24 }, (_, i) => `[m${String(i + 1).padStart(3, "0")}] Field note ${i + 1}: the pilot site measured soil moisture at two depths every thirty minutes and compared irrigation schedules across plots.`).join("\n");

/**
 * Speed on the real model (only when it is on the machine): decode through the app ÷ bare
 * node-llama-cpp on the same model and context; TTFT cold and with a kept prefix; a paper
 * question routed vs forced (ms to the agent's start); in full mode also a whole article run,
 * a 15-page deep read and a docgen review of a ~100-line document, in seconds.
 * Every time is also given as a ratio of its floor at the model's raw rates, measured in the same
 * run (`*_vs_floor`): its prompt tokens at the raw prefill rate plus its generated tokens at the
 * raw decode rate, one call at a time. A loaded machine slows the raw rates and the runs alike,
 * so the ratio holds where the seconds do not. One llama.cpp thread (`SCRIPTORIUM_REAL_THREADS`).
 */
export async function realBench(ctx: BenchContext): Promise<GroupResult> {
  const modelPath = findRealModel();
  if (!modelPath) return unavailable(REAL_METRICS, `NOT RUN: the real model is not on this machine; ${NOT_RUN_HINT}`);
  const result = emptyResult();
  result.notes.push(`model: ${path.basename(fs.realpathSync(modelPath))}, ${realThreads()} thread(s)`);
  const raw = await callPath(ctx, modelPath, result);
  await workflows(ctx, modelPath, result, raw);
  return result;
}

/** The model's raw rates in this run, in tokens per second. */
interface RawRates {
  decode: number;
  prefill: number;
}

/** Seconds a run's tokens take at the raw rates: every prompt token prefilled, every generated token decoded, one call at a time. */
function floorSeconds(raw: RawRates, promptTokens: number, generatedTokens: number): number {
  return promptTokens / raw.prefill + generatedTokens / raw.decode;
}

/**
 * Bare prefill: the chat-rendered tokens of `prompt` evaluated on an emptied sequence with
 * node-llama-cpp's `evaluateWithoutGeneratingNewTokens`, no sampling; tokens per second.
 */
async function barePrefill(service: LlmService, prompt: { system: string; prompt: string }): Promise<number> {
  return service.withSequence(async (sequence, { chatWrapper, model }) => {
    const { contextText } = chatWrapper.generateContextState({
      chatHistory: [
        { type: "system", text: prompt.system },
        { type: "user", text: prompt.prompt },
        { type: "model", response: [] },
      ],
    });
    const tokens = contextText.tokenize(model.tokenizer);
    await sequence.clearHistory();
    const started = performance.now();
    await sequence.evaluateWithoutGeneratingNewTokens(tokens);
    return (tokens.length * 1000) / (performance.now() - started);
  });
}

async function callPath(ctx: BenchContext, modelPath: string, result: GroupResult): Promise<RawRates> {
  const service = new LlmService();
  try {
    await service.load({ modelPath, sequences: 1, contextSize: 4096, threads: realThreads() });
    const llm = new LlamaCppProvider(service);
    const rounds = ctx.quick ? 2 : 4;
    const app: number[] = [];
    const raw: number[] = [];
    const prompt = (i: number) => ({ system: "You are a writer.", prompt: `Write paragraph ${i} of a report on irrigation pilots.` });
    await timedCall(llm, prompt(0), 16); // warm-up: load, first graph build
    for (let i = 1; i <= rounds; i++) {
      // A B A B: decode through LlmClient, then bare LlamaCompletion on the same sequence and chat-rendered tokens.
      app.push((await timedCall(llm, prompt(i), 128)).decodeRate);
      raw.push(await bareDecode(service, prompt(i), 128));
    }
    result.metrics["real.decode_tokens_per_s"] = median(app);
    result.metrics["real.decode_vs_raw"] = median(app) / median(raw);
    result.notes.push(`decode: ${median(app).toFixed(1)} tok/s through LlmClient vs ${median(raw).toFixed(1)} tok/s bare LlamaCompletion (medians of ${rounds}, 128 tokens, context 4096)`);
    // TTFT: a ~1 000-token prompt, first cold (a different prefix sits in the sequence), then the same prefix with a new question.
    const cold: number[] = [];
    const kept: number[] = [];
    const prefill: number[] = [];
    const long = (i: number) => ({ system: "You summarise field notes.", prompt: `${MATERIALS}\n\nQuestion ${i}: what was measured?` });
    for (let i = 0; i < rounds; i++) {
      await timedCall(llm, { system: "You are a note taker.", prompt: `Unrelated ${i}.` }, 4);
      cold.push((await timedCall(llm, long(i), 8)).ttftMs);
      kept.push((await timedCall(llm, { system: "You summarise field notes.", prompt: `${MATERIALS}\n\nQuestion ${i + 100}: how often?` }, 8)).ttftMs);
      // The same prompt's tokens prefilled bare, beside the calls (A B): the raw prefill rate.
      prefill.push(await barePrefill(service, long(i)));
    }
    const rawRates = { decode: median(raw), prefill: median(prefill) };
    result.metrics["real.raw_decode_tokens_per_s"] = rawRates.decode;
    result.metrics["real.raw_prefill_tokens_per_s"] = rawRates.prefill;
    result.metrics["real.ttft_cold_ms"] = median(cold);
    result.metrics["real.ttft_kept_prefix_ms"] = median(kept);
    // The cold TTFT's floor: its prompt prefilled at the raw rate, plus one token decoded.
    const coldTokens = (await service.withSequence(async (_sequence, { chatWrapper, model }) =>
      chatWrapper.generateContextState({ chatHistory: [{ type: "system", text: long(0).system }, { type: "user", text: long(0).prompt }, { type: "model", response: [] }] }).contextText.tokenize(model.tokenizer).length));
    result.metrics["real.ttft_cold_vs_floor"] = median(cold) / (1000 * floorSeconds(rawRates, coldTokens, 1));
    result.notes.push(
      `ttft: cold ${median(cold).toFixed(0)} ms vs kept prefix ${median(kept).toFixed(0)} ms (${coldTokens}-token prompt, medians of ${rounds}); raw rates in this run: prefill ${rawRates.prefill.toFixed(0)} tok/s, decode ${rawRates.decode.toFixed(1)} tok/s`,
    );
    ctx.log(`call path measured: ${result.notes.slice(-2).join("; ")}`);
    return rawRates;
  } finally {
    await service.dispose();
  }
}

const AGENT_STEPS = new Set(["chat", "critical", "extraction", "extract", "translate", "recommend", "literature_review"]);

async function toAgentMs(ee: EvalEngine, docId: string, question: string, forced: boolean): Promise<number> {
  const started = performance.now();
  const { sessionId } = await ee.engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: question, single_question: true, locale: "en", ...(forced ? { forced_intent: "chat" } : {}) } });
  let at = Number.NaN;
  await runSession(ee.engine, sessionId, {
    deadlineMs: 120_000,
    stopWhen: (event: EngineEvent) => {
      if (event.type === "step_start" && AGENT_STEPS.has((event as unknown as { step: string }).step)) at = performance.now() - started;
      return Number.isFinite(at);
    },
  });
  return at;
}

/** Generated and prompt tokens of the engine's calls while `run` runs (the engine's LLM counts them). */
async function tokensOf<T>(ee: EvalEngine, run: () => Promise<T>): Promise<{ value: T; generated: number; prompt: number }> {
  const [generated, prompt] = [ee.llm.tokens, ee.llm.promptTokens];
  const value = await run();
  return { value, generated: ee.llm.tokens - generated, prompt: ee.llm.promptTokens - prompt };
}

/**
 * The model's text that a finished run hands the user: the article's draft without the sections
 * that code filled with their materials' own sentences (the model's text failed its check twice),
 * and the deep read's synthesis sentences that its check supported (what its answer shows). The
 * rest of the paper's answer object — evidence passages, stage texts, an abstention's quoted
 * passages — is the paper's or the code's text, not generated tokens kept.
 */
export function keptText(events: EngineEvent[]): string {
  const done = events.findLast((e) => e.type === "done") as { result?: Record<string, unknown> } | undefined;
  const result = done?.result ?? {};
  const draft = (typeof result.draft === "string" ? result.draft : "")
    .split(/\n(?=## )/)
    .filter((section) => !section.includes(FALLBACK_MARK_EN))
    .join("\n");
  const answer = result.answer as { claims?: Array<{ claim: string; label: string }> } | undefined;
  const supported = (answer?.claims ?? []).filter((c) => c.label === "supported").map((c) => c.claim);
  return [draft, ...supported].join("\n").trim();
}

async function workflows(ctx: BenchContext, modelPath: string, result: GroupResult, raw: RawRates): Promise<void> {
  const ee = await createEvalEngine(fs.mkdtempSync(path.join(ctx.tmpDir, "real-")), modelPath, { contextSize: 4096, sequences: 2, threads: realThreads() });
  ee.llm.countPrompts = true;
  const vsFloor = (seconds: number, tokens: { generated: number; prompt: number }) => seconds / floorSeconds(raw, tokens.prompt, tokens.generated);
  try {
    const pdf = path.join(ctx.tmpDir, "real15.pdf");
    fs.writeFileSync(pdf, await buildPaperPdf(15));
    const { papers } = await ee.engine.call("paper.import", { paths: [pdf] });
    const docId = papers[0]!.doc_id;
    ctx.log("15-page paper imported");
    const rounds = ctx.quick ? 2 : 4;
    const routed: number[] = [];
    const routedFloor: number[] = [];
    const forced: number[] = [];
    await toAgentMs(ee, docId, "warm-up question about the encoder", false);
    for (let i = 0; i < rounds; i++) {
      forced.push(await toAgentMs(ee, docId, `How many layers does configuration K${i + 4} use?`, true));
      const run = await tokensOf(ee, () => toAgentMs(ee, docId, `What latency was measured in study ${i + 4}?`, false));
      routed.push(run.value);
      routedFloor.push(vsFloor(run.value / 1000, run));
    }
    result.metrics["real.paper_forced_ms"] = median(forced);
    result.metrics["real.paper_routed_ms"] = median(routed);
    result.metrics["real.paper_routed_vs_floor"] = median(routedFloor);
    ctx.log(`routed ${median(routed).toFixed(0)} ms, forced ${median(forced).toFixed(0)} ms`);
    result.notes.push(`paper: run.start to the agent's start, forced ${median(forced).toFixed(0)} ms vs routed ${median(routed).toFixed(0)} ms (medians of ${rounds}; the brief: 800 → 50 ms)`);
    if (ctx.quick) {
      for (const name of ["real.article_run_s", "real.article_to_draft_s", "real.article_to_draft_vs_floor", "real.deep_read_15p_s", "real.docgen_review_100_lines_s", "real.article_run_vs_floor", "real.deep_read_15p_vs_floor", "real.docgen_review_100_lines_vs_floor", "real.generated_tokens_kept_share"]) {
        result.metrics[name] = null;
        result.reasons[name] = "full mode only (minutes on the real model)";
      }
      return;
    }
    let kept = 0;
    let generatedForKept = 0;
    const timeRun = async (name: string, start: () => Promise<string>, deadlineS: number, onPause?: Parameters<typeof runSession>[2]["onPause"], keep = false) => {
      const started = performance.now();
      const run = await tokensOf(ee, async () => runSession(ee.engine, await start(), { deadlineMs: deadlineS * 1000, ...(onPause ? { onPause } : {}) }));
      const seconds = (performance.now() - started) / 1000;
      const floorName = `${name.replace(/_s$/, "")}_vs_floor`;
      if (run.value.outcome === "done") {
        result.metrics[name] = seconds;
        result.metrics[floorName] = vsFloor(seconds, run);
        if (keep) {
          kept += await ee.llm.countTokens(keptText(run.value.events));
          generatedForKept += run.generated;
        }
      } else {
        for (const metric of [name, floorName]) {
          result.metrics[metric] = null;
          result.reasons[metric] = `${run.value.outcome} within ${deadlineS} s`;
        }
      }
      result.notes.push(`${name}: ${run.value.outcome} in ${seconds.toFixed(1)} s, ${run.prompt} prompt tokens and ${run.generated} generated; floor at the raw rates ${floorSeconds(raw, run.prompt, run.generated).toFixed(1)} s`);
      ctx.log(result.notes.at(-1)!);
    };
    await timeRun(
      "real.deep_read_15p_s",
      async () => (await ee.engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "deep read", forced_intent: "deep_read", single_question: true, locale: "en" } })).sessionId,
      900,
      undefined,
      true,
    );
    const article = loadArticleSet()[0]!;
    ee.setMaterials(article.materials.map((m, i) => ({ id: `a${i}`, title: m.title, content: m.content, source: "bench", published_at: null, relevance_score: 1, source_type: "library", url: null, recUuid: `a${i}` })));
    // An 800-字 article (the speed goal's size), timed to the draft pause as well as to done.
    const articleStarted = performance.now();
    const articleTokens = { generated: ee.llm.tokens, prompt: ee.llm.promptTokens };
    await timeRun(
      "real.article_run_s",
      async () => (await ee.engine.call("run.start", { workflow: "article", input: { intent: article.intent, word_count_target: 800, locale: article.locale } })).sessionId,
      900,
      (event) => {
        const context = event.context as { materials?: Array<{ id: string }> };
        if (event.pausePoint === "draft_confirm") {
          const seconds = (performance.now() - articleStarted) / 1000;
          const tokens = { generated: ee.llm.tokens - articleTokens.generated, prompt: ee.llm.promptTokens - articleTokens.prompt };
          result.metrics["real.article_to_draft_s"] = seconds;
          result.metrics["real.article_to_draft_vs_floor"] = vsFloor(seconds, tokens);
          ctx.log(`real.article_to_draft_s: ${seconds.toFixed(1)} s, ${tokens.prompt} prompt tokens and ${tokens.generated} generated`);
        }
        if (event.pausePoint === "material_confirm") return { action: "confirm", approved_material_ids: (context.materials ?? []).map((m) => m.id) };
        if (event.pausePoint === "outline_confirm") return { action: "confirm" };
        if (event.pausePoint === "draft_confirm") return { action: "finalize" };
        return { action: "force_finalize" };
      },
      true,
    );
    // Tokens that reach the user (the article's draft, the deep read's answer) ÷ tokens generated for them.
    if (generatedForKept > 0) {
      result.metrics["real.generated_tokens_kept_share"] = kept / generatedForKept;
      result.notes.push(`kept share: ${kept} tokens in the article's draft and the deep read's answer of ${generatedForKept} generated in those runs`);
    } else {
      result.metrics["real.generated_tokens_kept_share"] = null;
      result.reasons["real.generated_tokens_kept_share"] = "neither the deep read nor the article finished";
    }
    // ~100 lines: the labelled Chinese document's sections repeated under numbered headings.
    const doc = loadDocgenSet().find((d) => d.locale === "zh")!.text;
    const body = doc.split("\n").slice(2).join("\n");
    const hundred = [doc.split("\n")[0], "", ...[1, 2].map((n) => body.replace(/^## (.+)$/gm, `## $1 ${n}`))].join("\n");
    await timeRun("real.docgen_review_100_lines_s", async () => (await ee.engine.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "review", review_only: true, context: hundred } })).sessionId, 900);
    result.notes.push(`docgen review document: ${hundred.split("\n").length} lines`);
  } finally {
    await ee.dispose();
  }
}
