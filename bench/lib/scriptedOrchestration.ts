/**
 * `npx tsx bench/lib/scriptedOrchestration.ts [runs]`: `workflow.orchestration_vs_floor`'s measure
 * on the article run with every model call scripted (ArticleScriptLlm, no llama.cpp), so a run is
 * all orchestration and takes about a second instead of a minute: for comparing two versions of the
 * runtime side by side on a loaded machine, where the bench case's per-run ratio swings 1.6–18.
 * Prints one line: median ms outside model calls and the median per-run ratio to the LangGraph floor
 * (sampled right after each run, as workflowBench does), and the same in CPU ms of this process
 * (user + system): at load 30 wall times swing 0.4–20 × from run to run, CPU time far less, though
 * it leaves out what the run waits for (the fsyncs). A probe, not a metric: the real bench case also
 * streams real tokens.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createEngine } from "../../electron/engine/createEngine.js";
import { APP_DB_FILE } from "../../electron/engine/storage/AppDb.js";
import { ArticleScriptLlm, runArticleAnsweringAtOnce } from "../../electron/engine/testing/articleTestKit.js";
import { CANNED_SEARCH } from "./cannedSearch.js";
import { FloorSampler, loopSupersteps, medianFloor, type LangGraphFloor } from "./langGraphFloor.js";
import { median } from "./sideBySide.js";
import { TimedLlm } from "./timedLlm.js";

const runs = Number(process.argv[2] ?? 7);
const tmp = mkdtempSync(path.join(tmpdir(), "orch-scripted-"));
const llm = new TimedLlm(new ArticleScriptLlm());
const engine = await createEngine({ dataDir: tmp, llm, search: CANNED_SEARCH });
const sampler = await FloorSampler.open(tmp);
const gaps: number[] = [];
const floors: LangGraphFloor[] = [];
const cpuRuns: number[] = [];
const cpuFloors: number[] = [];
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
let shape = { supersteps: 0, resumes: 0 };
try {
  for (let run = -2; run < runs; run++) {
    llm.reset();
    let pauses = 0;
    const started = performance.now();
    const cpuStarted = cpuMs();
    const sessionId = await runArticleAnsweringAtOnce(engine, { onPause: () => pauses++ });
    const gap = performance.now() - started - llm.busyMs();
    const cpuRun = cpuMs() - cpuStarted;
    if (run < 0) continue;
    gaps.push(gap);
    cpuRuns.push(cpuRun);
    const cpuFloorStarted = cpuMs();
    floors.push(medianFloor([await sampler.sample(), await sampler.sample()]));
    // Two samples, each one 12-step run and one resume run (and a one-row commit): halved, a sample's CPU.
    cpuFloors.push((cpuMs() - cpuFloorStarted) / 2);
    shape = { supersteps: loopSupersteps(path.join(tmp, APP_DB_FILE), sessionId), resumes: pauses };
  }
} finally {
  sampler.close();
  await engine.dispose();
  rmSync(tmp, { recursive: true, force: true });
}
const floorOf = (f: LangGraphFloor) => shape.supersteps * f.stepMs + shape.resumes * Math.max(0, f.resumeMs - f.stepMs);
const ratios = gaps.map((gap, i) => gap / floorOf(floors[i]!));
console.log(
  `scripted article: outside model calls median ${median(gaps).toFixed(1)} ms, floor median ${median(floors.map(floorOf)).toFixed(1)} ms, ratio median ${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(" ")}), ${shape.supersteps} supersteps, ${shape.resumes} resumes; CPU: a run median ${median(cpuRuns).toFixed(1)} ms, a floor sample (12-step run + resume run + one commit) median ${median(cpuFloors).toFixed(1)} ms`,
);
