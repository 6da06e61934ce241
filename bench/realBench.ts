import fs from "node:fs";
import path from "node:path";
import { LlamaCppProvider } from "../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../electron/engine/llm/LlmService.js";
import type { EngineEvent } from "../shared/events.js";
import { buildPaperPdf } from "../tests/papers/paperPdf.js";
import { createEvalEngine, runSession, type EvalEngine } from "./eval/evalEngine.js";
import { findRealModel, NOT_RUN_HINT } from "./eval/realModel.js";
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
  "real.deep_read_15p_s",
  "real.docgen_review_100_lines_s",
];

const MATERIALS = Array.from({ length: 24 }, (_, i) => `[m${String(i + 1).padStart(3, "0")}] Field note ${i + 1}: the pilot site measured soil moisture at two depths every thirty minutes and compared irrigation schedules across plots.`).join("\n");

/**
 * Speed on the real model (only when it is on the machine): decode through the app ÷ bare
 * node-llama-cpp on the same model and context; TTFT cold and with a kept prefix; a paper
 * question routed vs forced (ms to the agent's start); in full mode also a whole article run,
 * a 15-page deep read and a docgen review of a ~100-line document, in seconds.
 */
export async function realBench(ctx: BenchContext): Promise<GroupResult> {
  const modelPath = findRealModel();
  if (!modelPath) return unavailable(REAL_METRICS, `NOT RUN: the real model is not on this machine; ${NOT_RUN_HINT}`);
  const result = emptyResult();
  result.notes.push(`model: ${path.basename(fs.realpathSync(modelPath))}`);
  await callPath(ctx, modelPath, result);
  await workflows(ctx, modelPath, result);
  return result;
}

async function callPath(ctx: BenchContext, modelPath: string, result: GroupResult): Promise<void> {
  const service = new LlmService();
  try {
    await service.load({ modelPath, sequences: 1, contextSize: 4096 });
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
    for (let i = 0; i < rounds; i++) {
      await timedCall(llm, { system: "You are a note taker.", prompt: `Unrelated ${i}.` }, 4);
      cold.push((await timedCall(llm, { system: "You summarise field notes.", prompt: `${MATERIALS}\n\nQuestion ${i}: what was measured?` }, 8)).ttftMs);
      kept.push((await timedCall(llm, { system: "You summarise field notes.", prompt: `${MATERIALS}\n\nQuestion ${i + 100}: how often?` }, 8)).ttftMs);
    }
    result.metrics["real.ttft_cold_ms"] = median(cold);
    result.metrics["real.ttft_kept_prefix_ms"] = median(kept);
    result.notes.push(`ttft: cold ${median(cold).toFixed(0)} ms vs kept prefix ${median(kept).toFixed(0)} ms (~1 000-token prompt, medians of ${rounds})`);
    ctx.log(`call path measured: ${result.notes.slice(-2).join("; ")}`);
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

async function workflows(ctx: BenchContext, modelPath: string, result: GroupResult): Promise<void> {
  const ee = await createEvalEngine(fs.mkdtempSync(path.join(ctx.tmpDir, "real-")), modelPath, { contextSize: 4096, sequences: 2 });
  try {
    const pdf = path.join(ctx.tmpDir, "real15.pdf");
    fs.writeFileSync(pdf, await buildPaperPdf(15));
    const { papers } = await ee.engine.call("paper.import", { paths: [pdf] });
    const docId = papers[0]!.doc_id;
    ctx.log("15-page paper imported");
    const rounds = ctx.quick ? 2 : 4;
    const routed: number[] = [];
    const forced: number[] = [];
    await toAgentMs(ee, docId, "warm-up question about the encoder", false);
    for (let i = 0; i < rounds; i++) {
      forced.push(await toAgentMs(ee, docId, `How many layers does configuration K${i + 4} use?`, true));
      routed.push(await toAgentMs(ee, docId, `What latency was measured in study ${i + 4}?`, false));
    }
    result.metrics["real.paper_forced_ms"] = median(forced);
    result.metrics["real.paper_routed_ms"] = median(routed);
    ctx.log(`routed ${median(routed).toFixed(0)} ms, forced ${median(forced).toFixed(0)} ms`);
    result.notes.push(`paper: run.start to the agent's start, forced ${median(forced).toFixed(0)} ms vs routed ${median(routed).toFixed(0)} ms (medians of ${rounds}; the brief: 800 → 50 ms)`);
    if (ctx.quick) {
      for (const name of ["real.article_run_s", "real.deep_read_15p_s", "real.docgen_review_100_lines_s"]) {
        result.metrics[name] = null;
        result.reasons[name] = "full mode only (minutes on the real model)";
      }
      return;
    }
    const timeRun = async (name: string, start: () => Promise<string>, deadlineS: number, onPause?: Parameters<typeof runSession>[2]["onPause"]) => {
      const started = performance.now();
      const sessionId = await start();
      const { outcome } = await runSession(ee.engine, sessionId, { deadlineMs: deadlineS * 1000, ...(onPause ? { onPause } : {}) });
      if (outcome === "done") result.metrics[name] = (performance.now() - started) / 1000;
      else {
        result.metrics[name] = null;
        result.reasons[name] = `${outcome} within ${deadlineS} s`;
      }
      ctx.log(`${name}: ${outcome}`);
    };
    await timeRun("real.deep_read_15p_s", async () => (await ee.engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "deep read", forced_intent: "deep_read", single_question: true, locale: "en" } })).sessionId, 900);
    const article = loadArticleSet()[0]!;
    ee.setMaterials(article.materials.map((m, i) => ({ id: `a${i}`, title: m.title, content: m.content, source: "bench", published_at: null, relevance_score: 1, source_type: "library", url: null, recUuid: `a${i}` })));
    await timeRun(
      "real.article_run_s",
      async () => (await ee.engine.call("run.start", { workflow: "article", input: { intent: article.intent, word_count_target: article.word_count_target, locale: article.locale } })).sessionId,
      900,
      (event) => {
        const context = event.context as { materials?: Array<{ id: string }> };
        if (event.pausePoint === "material_confirm") return { action: "confirm", approved_material_ids: (context.materials ?? []).map((m) => m.id) };
        if (event.pausePoint === "outline_confirm") return { action: "confirm" };
        if (event.pausePoint === "draft_confirm") return { action: "finalize" };
        return { action: "force_finalize" };
      },
    );
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
