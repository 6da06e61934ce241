import { paperDeps } from "../electron/engine/workflows/paper/PaperDeps.js";
import type { PlatformServices } from "../electron/engine/workflows/WorkflowDefinition.js";
import fs from "node:fs";
import path from "node:path";
import type { EngineEvent } from "../shared/events.js";
import { createEngine } from "../electron/engine/createEngine.js";
import type { Engine } from "../electron/engine/Engine.js";
import { checkClaims } from "../electron/engine/workflows/common/checkClaims.js";
import { PaperLibrary } from "../electron/engine/workflows/paper/library/PaperLibrary.js";
import { PaperService } from "../electron/engine/workflows/paper/library/PaperService.js";
import { PAPER_TABLES } from "../electron/engine/workflows/paper/library/paperMigrations.js";
import { AppDb } from "../electron/engine/storage/AppDb.js";
import type { PaperIntent } from "../shared/workflows/paper.js";
import type { GenerateStructuredOptions, LlmClient, StructuredResult } from "../electron/engine/llm/LlmClient.js";
import { createTinyGguf } from "../tests/fixtures/tinyGguf.js";
import { LlmService } from "../electron/engine/llm/LlmService.js";
import { LlamaCppProvider } from "../electron/engine/llm/LlamaCppProvider.js";
import { routerTtft } from "./lib/routerTtft.js";
import { HashEmbedder } from "../tests/knowledge/HashEmbedder.js";
import { loadClaimSet, unsupportedMetrics } from "../tests/papers/claimSet.js";
import { buildPaperPdf } from "../tests/papers/paperPdf.js";
import { median } from "./lib/sideBySide.js";
import type { BenchContext, GroupResult } from "./lib/types.js";
import { emptyResult } from "./lib/types.js";

/** English questions about the generated 15-page paper, each with the page that answers it. */
export function pageQuestions(pages: number): Array<{ question: string; page: number }> {
  const fixed = [
    { question: "How many attention layers does the encoder use?", page: 2 },
    { question: "Which optimizer and learning rate are used for training?", page: 2 },
    { question: "How does the router score the experts?", page: 2 },
    { question: "What accuracy does the dense baseline reach?", page: 3 },
    { question: "Which number of experts works best in the ablation?", page: 3 },
    { question: "Did the authors study multilingual documents?", page: pages },
  ];
  const filler: Array<{ question: string; page: number }> = [];
  for (let page = 4; page < pages; page++) {
    filler.push({ question: `How many experts per layer does configuration K${page} use?`, page });
    filler.push({ question: `What latency per document was measured in study ${page}?`, page });
  }
  return [...fixed, ...filler];
}

/**
 * The bench's LLM for the TTFT comparison: the engine's own LLM (real llama.cpp), except that the
 * router's decision is pinned to `intent` AFTER its real call has run — the routed path pays the
 * router's full cost (prefill + grammar-constrained decode, or the lenient text fallback) and then
 * goes to the same streaming agent as the forced one, whatever the random-weight model chose.
 */
export function pinRouterDecision(llm: LlmClient & { dispose?(): Promise<void> }, intent: PaperIntent): LlmClient & { dispose(): Promise<void> } {
  return {
    countTokens: (text: string) => llm.countTokens(text),
    contextTokens: () => llm.contextTokens(),
    id: llm.id,
    generateText: async (options) => {
      const result = await llm.generateText(options);
      return options.tag?.step === "router_text" ? { ...result, text: JSON.stringify({ intent, reason: "bench" }) } : result;
    },
    generateStructured: async <T>(options: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> => {
      const result = await llm.generateStructured(options);
      return options.tag?.step === "router" ? { ...result, value: { ...(result.value as object), intent } as T } : result;
    },
    dispose: async () => llm.dispose?.(),
  };
}

const AGENT_STEPS = new Set(["chat", "critical", "extract", "translate", "recommend", "literature_review", "extraction"]);

/**
 * One question: ms from run.start to the answering agent's step_start (after the router) and to
 * the first streamed token (null when the router chose a blocking agent). The run is cancelled
 * as soon as it is measured.
 */
async function measureQuestion(engine: Engine, input: Record<string, unknown>): Promise<{ agentMs: number; tokenMs: number | null }> {
  const started = performance.now();
  const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { ...input, single_question: true, locale: "en" } } as never);
  return new Promise((resolve, reject) => {
    let agentMs: number | null = null;
    let tokenMs: number | null = null;
    let streaming = false;
    const stop = engine.subscribe(sessionId, 0, (event: EngineEvent) => {
      const now = performance.now() - started;
      if (event.type === "step_start" && agentMs === null && AGENT_STEPS.has((event as { step: string }).step)) {
        agentMs = now;
        streaming = ["chat", "translate", "literature_review"].includes((event as { step: string }).step);
        if (!streaming) void engine.call("run.cancel", { sessionId }).catch(() => undefined);
      }
      if (event.type === "token" && tokenMs === null) {
        tokenMs = now;
        // Only the first token is measured: stop the rest of the answer.
        void engine.call("run.cancel", { sessionId }).catch(() => undefined);
      }
      if (event.type === "done" || event.type === "error") {
        queueMicrotask(stop);
        if (agentMs === null) reject(new Error(`no agent step before ${event.type}`));
        else resolve({ agentMs, tokenMs: streaming ? tokenMs : null });
      }
    });
  });
}

/**
 * `paper.forced_vs_routed_ttft`: time to the answer's first token with a button's forced intent (no
 * router call) divided by the same with the router's LLM call first — both on real llama.cpp (tiny
 * GGUF), both answered by the streaming `chat` agent (the routed decision is pinned after the real
 * router call, see pinRouterDecision), alternated forced/routed with a new question each run (no
 * run reuses another's prompt from the KV cache), medians. Goal ≤ 0.5. `paper.router_saved_ms`:
 * the median difference of the time to the agent's start.
 * `paper.deep_read_s`: wall time of a deep read of a 15-page paper on the tiny GGUF.
 * `paper.retrieval_page_recall5`: share of English questions whose answering page is among the
 * top-5 retrieved chunks' pages (hash embedder + bigram + stemmed word index, RRF).
 * `paper.claims_unsupported_precision` / `_recall`: the deterministic claim checker (`--judge none`)
 * on tests/fixtures/papers/claims.jsonl.
 */
export async function paperBench(ctx: BenchContext): Promise<GroupResult> {
  const result = emptyResult();
  const pages = 15;
  const pdf = path.join(ctx.tmpDir, "paper15.pdf");
  fs.writeFileSync(pdf, await buildPaperPdf(pages));

  // Retrieval and claims: no model needed.
  const libDir = fs.mkdtempSync(path.join(ctx.tmpDir, "paper-lib-"));
  const appDb = AppDb.open(libDir, { migrations: [PAPER_TABLES] });
  const library = new PaperLibrary({ dataDir: libDir, db: appDb.db, embedder: new HashEmbedder(128) });
  try {
    const { doc_id } = await library.importFile(pdf);
    ctx.log(`imported the ${pages}-page paper`);
    const questions = pageQuestions(pages);
    let found = 0;
    for (const q of questions) {
      const { hits } = await library.retrieve(q.question, { docIds: [doc_id], limit: 5 });
      if (hits.some((hit) => hit.page === q.page)) found++;
    }
    result.metrics["paper.retrieval_page_recall5"] = found / questions.length;
    result.notes.push(`page recall@5: ${found}/${questions.length} English questions on a ${pages}-page two-column paper`);
    const evidence = library.repo.chunks(doc_id).filter((c) => c.kind !== "reference").map((c) => ({ chunk_id: c.id, page: c.page, text: c.text }));
    const set = loadClaimSet();
    const metrics = unsupportedMetrics(set, await checkClaims(set, evidence));
    result.metrics["paper.claims_unsupported_precision"] = metrics.precision;
    result.metrics["paper.claims_unsupported_recall"] = metrics.recall;
    ctx.log("retrieval and claims measured");
    result.notes.push(`claims: ${set.length} labelled, tp ${metrics.tp} fp ${metrics.fp} fn ${metrics.fn} (deterministic, --judge none)`);
  } finally {
    await library.close();
    appDb.close();
  }

  const dataDir = fs.mkdtempSync(path.join(ctx.tmpDir, "paper-engine-"));
  // Real llama.cpp generates; the hash embedder keeps retrieval cheap so the timing is the LLM path's.
  let papers: PaperService | undefined;
  const engine = await createEngine({
    dataDir,
    modelPath: await createTinyGguf(),
    appVersion: "bench",
    llm: (context) => pinRouterDecision(context.llm as LlmClient & { dispose?(): Promise<void> }, "chat"),
    workflowServices: {
      // No LLM for the library: the import's metadata check is not what is measured (English questions need no term translation).
      paper: (context: PlatformServices) =>
        paperDeps(
          context,
          (papers = new PaperService({
            dataDir,
            modelsDir: context.modelsDir,
            db: context.db,
            settings: context.settings,
            llm: () => undefined,
            embedder: new HashEmbedder(128),
          })),
        ),
    },
  });
  void papers;
  try {
    // One thread: the tiny model's work is too small to share, and extra threads spin on a loaded machine (local-stack §1.10).
    await engine.call("settings.update", { sequences: 1, contextSize: 2048, threads: 1 });
    ctx.log("engine up");
    const { papers } = await engine.call("paper.import", { paths: [pdf] });
    const docId = papers[0]!.doc_id;
    // A new question for every run: a run never finds its own prompt in the KV cache of the one before.
    const questions = pageQuestions(pages).map((q) => q.question);
    // Warm-up, both paths: model load, embeddings and the router schema's grammar out of the measurement.
    await measureQuestion(engine, { doc_id: docId, user_query: questions[0]!, forced_intent: "chat" });
    await measureQuestion(engine, { doc_id: docId, user_query: questions[questions.length - 1]! });
    ctx.log("warm-up done");
    const rounds = ctx.quick ? 4 : 8;
    const forced: Array<{ agentMs: number; tokenMs: number | null }> = [];
    const routed: Array<{ agentMs: number; tokenMs: number | null }> = [];
    for (let i = 0; i < rounds; i++) {
      ctx.log(`ttft round ${i + 1}/${rounds}`);
      forced.push(await measureQuestion(engine, { doc_id: docId, user_query: questions[1 + 2 * i]!, forced_intent: "chat" }));
      routed.push(await measureQuestion(engine, { doc_id: docId, user_query: questions[2 + 2 * i]! }));
    }
    const forcedTtft = forced.map((m) => m.tokenMs).filter((v): v is number => v !== null);
    const routedTtft = routed.map((m) => m.tokenMs).filter((v): v is number => v !== null);
    result.metrics["paper.router_saved_ms"] = median(routed.map((m) => m.agentMs)) - median(forced.map((m) => m.agentMs));
    ctx.log(`agent start: forced ${forced.map((m) => m.agentMs.toFixed(0)).join("/")} ms, routed ${routed.map((m) => m.agentMs.toFixed(0)).join("/")} ms`);
    if (routedTtft.length === rounds && forcedTtft.length === rounds) {
      result.metrics["paper.forced_vs_routed_ttft"] = median(forcedTtft) / median(routedTtft);
      result.notes.push(`ttft: forced ${median(forcedTtft).toFixed(0)} ms vs routed ${median(routedTtft).toFixed(0)} ms (medians of ${rounds}; routed = the real router call, then the same chat agent)`);
    } else {
      result.metrics["paper.forced_vs_routed_ttft"] = null;
      result.reasons["paper.forced_vs_routed_ttft"] = `${rounds - forcedTtft.length} forced and ${rounds - routedTtft.length} routed runs streamed no token`;
    }
    result.notes.push(`router_saved_ms: median time to the agent's start, routed minus forced, ${rounds} runs each`);
    ctx.log("deep read …");
    const started = performance.now();
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "deep read", forced_intent: "deep_read", single_question: true, locale: "en" } });
    // Bounded: a starved machine reports "did not finish" instead of hanging the whole bench.
    const deadlineMs = (ctx.quick ? 180 : 900) * 1000;
    const finished = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        void engine.call("run.cancel", { sessionId }).catch(() => undefined);
        resolve(false);
      }, deadlineMs);
      const stop = engine.subscribe(sessionId, 0, (event) => {
        if (event.type === "done" || event.type === "error") {
          clearTimeout(timer);
          queueMicrotask(stop);
          resolve(event.type === "done");
        }
      });
    });
    if (finished) {
      result.metrics["paper.deep_read_s"] = (performance.now() - started) / 1000;
      result.notes.push(`deep read: ${pages}-page paper, tiny GGUF (random weights: timing of the path, not of a useful model)`);
    } else {
      result.metrics["paper.deep_read_s"] = null;
      result.reasons["paper.deep_read_s"] = `did not finish within ${deadlineMs / 1000} s on this machine`;
    }
  } finally {
    await engine.dispose();
  }
  await routerPrefix(ctx, result);
  return result;
}

/**
 * `paper.router_prefix_ttft_speedup`: the router's TTFT when no sequence holds its prompt ÷ the
 * same for the session's next question (the system prompt and the examples kept in the KV cache),
 * on the tiny GGUF, one sequence, one thread; the real model's figures are in bench/README.md.
 */
async function routerPrefix(ctx: BenchContext, result: GroupResult): Promise<void> {
  const service = new LlmService();
  await service.load({ modelPath: await createTinyGguf(), sequences: 1, contextSize: 4096, threads: 1 });
  try {
    const ttft = await routerTtft(new LlamaCppProvider(service), ctx.quick ? 2 : 4, 1);
    result.metrics["paper.router_prefix_ttft_speedup"] = ttft.coldMs / ttft.keptMs;
    result.notes.push(`router ttft: ${ttft.coldMs.toFixed(0)} ms with no sequence holding its prompt vs ${ttft.keptMs.toFixed(0)} ms for the next question (~${ttft.promptTokens}-token prompt, tiny GGUF)`);
  } finally {
    await service.dispose();
  }
}
