import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createEvalEngine, runSession } from "../eval/evalEngine.js";
import { findRealModel } from "../eval/realModel.js";
import { loadArticleSet } from "../eval/sets.js";
import { realThreads } from "../../tests/realModel/realModelPath.js";

/**
 * Where an article run's time goes on the real model, call by call (step, prompt and generated
 * tokens, wall time), pauses answered at once, as `real.article_run_s` runs it, then the totals per
 * step (calls and tokens do not depend on the machine's load, seconds do). By hand:
 * `SCRIPTORIUM_REAL_THREADS=1 npx tsx bench/lib/articleProbe.ts [words] [--model gemma|smollm2] [--locale zh|en] [--review]`
 * (`--review` sends the first draft to the editor before finalising, as the en real test does).
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { model: { type: "string", default: "gemma" }, locale: { type: "string" }, review: { type: "boolean", default: false } },
  });
  const modelPath = findRealModel(process.env, values.model);
  if (!modelPath) throw new Error(`the real model ${values.model} is not installed (npm run model:real)`);
  const words = Number(positionals[0] ?? 800);
  const ee = await createEvalEngine(fs.mkdtempSync(path.join(os.tmpdir(), "article-probe-")), modelPath, { contextSize: 4096, sequences: 2, threads: realThreads() });
  const started = performance.now();
  const at = () => ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  const totals = new Map<string, { calls: number; prompt: number; generated: number; ms: number }>();
  ee.llm.onCall = (c) => {
    console.log(`${at()} s  ${c.step.padEnd(24)} prompt ${String(c.promptTokens).padStart(5)}  gen ${String(c.generated).padStart(4)}  ${(c.ms / 1000).toFixed(1)} s`);
    const t = totals.get(c.step) ?? { calls: 0, prompt: 0, generated: 0, ms: 0 };
    totals.set(c.step, { calls: t.calls + 1, prompt: t.prompt + c.promptTokens, generated: t.generated + c.generated, ms: t.ms + c.ms });
  };
  try {
    const set = loadArticleSet();
    const article = (values.locale ? set.find((a) => a.locale === values.locale) : set[0]) ?? set[0]!;
    ee.setMaterials(article.materials.map((m, i) => ({ id: `a${i}`, title: m.title, content: m.content, source: "bench", published_at: null, relevance_score: 1, source_type: "library", url: null, recUuid: `a${i}` })));
    const { sessionId } = await ee.engine.call("run.start", { workflow: "article", input: { intent: article.intent, word_count_target: words, locale: article.locale } });
    let reviewed = !values.review;
    const run = await runSession(ee.engine, sessionId, {
      deadlineMs: 900_000,
      onPause: (event) => {
        console.log(`${at()} s  pause ${event.pausePoint}`);
        const context = event.context as { materials?: Array<{ id: string }> };
        if (event.pausePoint === "material_confirm") return { action: "confirm", approved_material_ids: (context.materials ?? []).map((m) => m.id) };
        if (event.pausePoint === "outline_confirm") return { action: "confirm" };
        if (event.pausePoint === "draft_confirm" && !reviewed) {
          reviewed = true;
          return { action: "to_editor" };
        }
        if (event.pausePoint === "draft_confirm") return { action: "finalize" };
        return { action: "force_finalize" };
      },
    });
    console.log(`${at()} s  ${run.outcome}; model busy ${(ee.llm.busyMs() / 1000).toFixed(1)} s of the run`);
    const sum = { calls: 0, prompt: 0, generated: 0, ms: 0 };
    for (const [step, t] of totals) {
      console.log(`  ${step.padEnd(24)} calls ${String(t.calls).padStart(3)}  prompt ${String(t.prompt).padStart(6)}  gen ${String(t.generated).padStart(5)}  ${(t.ms / 1000).toFixed(1)} s`);
      for (const key of Object.keys(sum) as Array<keyof typeof sum>) sum[key] += t[key];
    }
    console.log(`  ${"all".padEnd(24)} calls ${String(sum.calls).padStart(3)}  prompt ${String(sum.prompt).padStart(6)}  gen ${String(sum.generated).padStart(5)}  ${(sum.ms / 1000).toFixed(1)} s`);
    const done = run.events.findLast((e) => e.type === "done") as { result?: { draft?: string } } | undefined;
    console.log(done?.result?.draft ?? "(no draft)");
  } finally {
    await ee.dispose();
  }
}

await main();
