import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createEvalEngine, runSession } from "../eval/evalEngine.js";
import { keptText } from "../realBench.js";
import { findRealModel } from "../eval/realModel.js";
import { buildPaperPdf } from "../../tests/papers/paperPdf.js";
import { realThreads } from "../../tests/realModel/realModelPath.js";

/**
 * Where the 15-page deep read's tokens go on the real model, call by call (step, prompt and
 * generated tokens, wall time), as `real.deep_read_15p_s` runs it, and how many of the generated
 * tokens reach the user in its answer (`real.generated_tokens_kept_share`'s half).
 * By hand: `SCRIPTORIUM_REAL_THREADS=1 npx tsx bench/lib/deepReadProbe.ts`.
 */
async function main(): Promise<void> {
  const modelPath = findRealModel();
  if (!modelPath) throw new Error("the real model is not installed (npm run model:real)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deep-read-probe-"));
  const ee = await createEvalEngine(dir, modelPath, { contextSize: 4096, sequences: 2, threads: realThreads() });
  ee.llm.countPrompts = true;
  const started = performance.now();
  const at = () => ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  const byStep = new Map<string, number>();
  ee.llm.onCall = (c) => {
    byStep.set(c.step, (byStep.get(c.step) ?? 0) + c.generated);
    console.log(`${at()} s  ${c.step.padEnd(24)} prompt ${String(c.promptTokens).padStart(5)}  gen ${String(c.generated).padStart(4)}  ${(c.ms / 1000).toFixed(1)} s`);
  };
  try {
    const pdf = path.join(dir, "real15.pdf");
    fs.writeFileSync(pdf, await buildPaperPdf(15));
    const { papers } = await ee.engine.call("paper.import", { paths: [pdf] });
    const generated = ee.llm.tokens;
    const input = { doc_id: papers[0]!.doc_id, user_query: "deep read", forced_intent: "deep_read", single_question: true, locale: "en" };
    const { sessionId } = await ee.engine.call("run.start", { workflow: "paper", input });
    const run = await runSession(ee.engine, sessionId, { deadlineMs: 900_000 });
    const done = run.events.findLast((e) => e.type === "done") as { result?: { answer?: { answer?: string } } } | undefined;
    const answer = done?.result?.answer?.answer ?? "(no answer)";
    const kept = await ee.llm.countTokens(keptText(run.events));
    console.log(`${at()} s  ${run.outcome}: ${kept} tokens of the model's text shown, of ${ee.llm.tokens - generated} generated`);
    for (const [step, tokens] of byStep) console.log(`  ${step.padEnd(24)} ${tokens}`);
    console.log(answer);
  } finally {
    await ee.dispose();
  }
}

await main();
