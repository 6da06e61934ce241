import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createEvalEngine, runSession } from "../eval/evalEngine.js";
import { findRealModel } from "../eval/realModel.js";
import { loadArticleSet } from "../eval/sets.js";
import { realThreads } from "../../tests/realModel/realModelPath.js";

/**
 * Where an article run's time goes on the real model, call by call (step, prompt and generated
 * tokens, wall time), pauses answered at once, as `real.article_run_s` runs it. By hand:
 * `SCRIPTORIUM_REAL_THREADS=1 npx tsx bench/lib/articleProbe.ts [words]`.
 */
async function main(): Promise<void> {
  const modelPath = findRealModel();
  if (!modelPath) throw new Error("the real model is not installed (npm run model:real)");
  const words = Number(process.argv[2] ?? 800);
  const ee = await createEvalEngine(fs.mkdtempSync(path.join(os.tmpdir(), "article-probe-")), modelPath, { contextSize: 4096, sequences: 2, threads: realThreads() });
  const started = performance.now();
  const at = () => ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  ee.llm.onCall = (c) => console.log(`${at()} s  ${c.step.padEnd(24)} prompt ${String(c.promptTokens).padStart(5)}  gen ${String(c.generated).padStart(4)}  ${(c.ms / 1000).toFixed(1)} s`);
  try {
    const article = loadArticleSet()[0]!;
    ee.setMaterials(article.materials.map((m, i) => ({ id: `a${i}`, title: m.title, content: m.content, source: "bench", published_at: null, relevance_score: 1, source_type: "library", url: null, recUuid: `a${i}` })));
    const { sessionId } = await ee.engine.call("run.start", { workflow: "article", input: { intent: article.intent, word_count_target: words, locale: article.locale } });
    const run = await runSession(ee.engine, sessionId, {
      deadlineMs: 900_000,
      onPause: (event) => {
        console.log(`${at()} s  pause ${event.pausePoint}`);
        const context = event.context as { materials?: Array<{ id: string }> };
        if (event.pausePoint === "material_confirm") return { action: "confirm", approved_material_ids: (context.materials ?? []).map((m) => m.id) };
        if (event.pausePoint === "outline_confirm") return { action: "confirm" };
        if (event.pausePoint === "draft_confirm") return { action: "finalize" };
        return { action: "force_finalize" };
      },
    });
    console.log(`${at()} s  ${run.outcome}; model busy ${(ee.llm.busyMs() / 1000).toFixed(1)} s of the run`);
    const done = run.events.findLast((e) => e.type === "done") as { result?: { draft?: string } } | undefined;
    console.log(done?.result?.draft ?? "(no draft)");
  } finally {
    await ee.dispose();
  }
}

await main();
