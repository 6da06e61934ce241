/**
 * `npm run eval [-- --model gemma|smollm2|<path.gguf>] [-- --runs N] [-- --quick] [-- --items N] [-- --json]
 *   [-- --only router,paper,claims,docgen,article] [-- --md file] [-- --claim-pairs claims-tuning.jsonl]`
 * Quality of every workflow on a real model, against a one-shot baseline on the same model and
 * LlmClient. With `--runs N` every metric is the median and spread of N runs. See docs/eval.md for
 * the method and the latest tables.
 */
import fs from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createEvalEngine } from "./evalEngine.js";
import { evalArticle } from "./evalArticle.js";
import { evalDocgen } from "./evalDocgen.js";
import { evalClaims, evalPaperQa } from "./evalPaper.js";
import { evalRouter } from "./evalRouter.js";
import { fmt, median, renderCompareRuns, spreadOf, type CompareRow } from "./metrics/compare.js";
import { findRealModel, NOT_RUN_HINT } from "./realModel.js";
import { realThreads } from "../../tests/realModel/realModelPath.js";
import { loadArticleSet, loadClaimPairs, loadClaimSet, loadDocgenSet, loadPapers, loadQaSet, loadRouterParaphraseSet, loadRouterSet, paperFile } from "./sets.js";
import type { EvalContext, EvalSection } from "./types.js";

const SECTIONS = ["router", "paper", "claims", "docgen", "article"] as const;
type SectionName = (typeof SECTIONS)[number];

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      only: { type: "string" },
      md: { type: "string" },
      items: { type: "string" },
      model: { type: "string", default: "gemma" },
      runs: { type: "string", default: "1" },
      "claim-pairs": { type: "string", default: "claims-pairs.jsonl" },
    },
  });
  const selected = (values.only ? values.only.split(",").map((s) => s.trim()) : [...SECTIONS]) as SectionName[];
  const unknown = selected.filter((s) => !SECTIONS.includes(s));
  if (unknown.length) {
    process.stderr.write(`eval: unknown section(s) ${unknown.join(", ")}; known: ${SECTIONS.join(", ")}\n`);
    return 2;
  }
  const runs = Number(values.runs);
  if (!(Number.isInteger(runs) && runs > 0)) {
    process.stderr.write(`eval: --runs must be a positive integer, got ${values.runs}\n`);
    return 2;
  }
  const modelPath = findRealModel(process.env, values.model);
  if (!modelPath) {
    process.stdout.write(`NOT RUN: the real model "${values.model}" is not on this machine; ${NOT_RUN_HINT}\n`);
    return process.env.CI === "true" ? 1 : 0;
  }
  const out = values.json ? process.stderr : process.stdout;
  const tmpDir = fs.mkdtempSync(path.join(tmpdir(), "scriptorium-eval-"));
  const contextSize = 4096;
  const items = values.items === undefined ? undefined : Number(values.items);
  if (items !== undefined && !(Number.isInteger(items) && items > 0)) {
    process.stderr.write(`eval: --items must be a positive integer, got ${values.items}\n`);
    return 2;
  }
  const ctx: EvalContext = { quick: values.quick, ...(items !== undefined ? { items } : {}), tmpDir, contextSize, log: (line) => out.write(`  ${line}\n`) };
  const started = Date.now();
  const cpuBefore = process.cpuUsage();
  const all: Array<Partial<Record<SectionName, EvalSection>>> = [];
  const failures: Record<string, string> = {};
  let llmCalls = 0;
  let llmBusyS = 0;
  for (let r = 1; r <= runs; r++) {
    out.write(`eval (${values.quick ? "quick" : "full"}${runs > 1 ? `, run ${r} of ${runs}` : ""}) on ${modelPath}\n`);
    const sections: Partial<Record<SectionName, EvalSection>> = {};
    all.push(sections);
    const runDir = path.join(tmpDir, `run${r}`);
    fs.mkdirSync(runDir);
    const runCtx = { ...ctx, tmpDir: runDir };
    const ee = await createEvalEngine(path.join(runDir, "data"), modelPath, { contextSize, sequences: 2, threads: realThreads() });
    try {
      const papers = loadPapers();
      const docIds: Record<string, string> = {};
      if (selected.some((s) => s === "router" || s === "paper" || s === "claims")) {
        for (const paper of papers) {
          const { papers: imported } = await ee.engine.call("paper.import", { paths: [await paperFile(paper, runDir)] });
          docIds[paper.id] = imported[0]!.doc_id;
          ctx.log(`imported ${paper.id}: ${imported[0]!.pages} pages`);
        }
      }
      const byLocale = { zh: docIds["zh-irrigation"]!, en: docIds["en-kestrel"]! };
      const run: Record<SectionName, () => Promise<EvalSection>> = {
        router: () => evalRouter(runCtx, ee, byLocale, [
          { name: "router", set: loadRouterSet() },
          { name: "router_paraphrase", set: loadRouterParaphraseSet() },
        ]),
        paper: () => evalPaperQa(runCtx, ee, papers, docIds, loadQaSet()),
        claims: () => evalClaims(runCtx, ee, docIds, loadClaimSet(), { file: values["claim-pairs"], pairs: loadClaimPairs(values["claim-pairs"]) }),
        docgen: () => evalDocgen(runCtx, ee, loadDocgenSet(), fs.readFileSync(path.join(import.meta.dirname, "../../rules/DOC_GUIDELINES.md"), "utf8")),
        article: () => evalArticle(runCtx, ee, loadArticleSet()),
      };
      for (const name of selected) {
        out.write(`[${name}] …\n`);
        const t = Date.now();
        try {
          sections[name] = await run[name]();
          sections[name]!.notes.push(`${name}: ${((Date.now() - t) / 1000).toFixed(0)} s`);
        } catch (error) {
          // One section failing still leaves the others' figures.
          failures[runs > 1 ? `${name} (run ${r})` : name] = error instanceof Error ? error.message : String(error);
          out.write(`  ${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
        }
      }
    } finally {
      llmCalls += ee.llm.calls;
      llmBusyS += ee.llm.busyMs() / 1000;
      await ee.dispose();
    }
  }
  fs.rmSync(tmpDir, { recursive: true, force: true });
  const cpu = process.cpuUsage(cpuBefore);
  const report = renderReport(all, failures, {
    mode: `${values.quick ? "quick" : "full"}${runs > 1 ? `, ${runs} runs` : ""}`,
    model: path.basename(fs.realpathSync(modelPath)),
    seconds: (Date.now() - started) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    llmCalls,
    llmBusyS,
  });
  out.write(report);
  if (values.md) fs.writeFileSync(values.md, report);
  if (values.json) {
    const metrics = mergedMetrics(all);
    const json = Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, Number.isFinite(v.median) ? v.median : null]));
    const spreads = Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, Number.isFinite(v.spread) ? v.spread : null]));
    const compare = all.map((sections) => Object.values(sections).flatMap((s) => s.compare));
    process.stdout.write(`${JSON.stringify({ ...json, ...(runs > 1 ? { spread: spreads, compare_runs: compare } : {}), compare: compare[0] ?? [], failures, notes: all.flatMap((sections) => Object.values(sections).flatMap((s) => s.notes)) })}\n`);
  }
  return Object.keys(failures).length && process.env.CI === "true" ? 1 : 0;
}

/** Every metric over the runs: median and spread (max − min), in first-seen order. */
function mergedMetrics(all: ReadonlyArray<Partial<Record<SectionName, EvalSection>>>): Record<string, { median: number; spread: number; values: number[] }> {
  const values = new Map<string, number[]>();
  for (const sections of all)
    for (const section of Object.values(sections)) for (const [k, v] of Object.entries(section.metrics)) values.set(k, [...(values.get(k) ?? []), v]);
  return Object.fromEntries([...values].map(([k, vs]) => [k, { median: median(vs), spread: spreadOf(vs), values: vs }]));
}

function renderReport(
  all: ReadonlyArray<Partial<Record<SectionName, EvalSection>>>,
  failures: Record<string, string>,
  run: { mode: string; model: string; seconds: number; cpuSeconds: number; llmCalls: number; llmBusyS: number },
): string {
  const metrics = mergedMetrics(all);
  const several = all.length > 1;
  const width = Math.max(6, ...Object.keys(metrics).map((k) => k.length));
  const last = Object.values(all.at(-1) ?? {});
  const lines = [
    "",
    `## Eval (${run.mode}) — ${run.model}`,
    "",
    "```",
    ...Object.entries(metrics).map(([k, v]) => `${k.padEnd(width)}  ${fmt(v.median).padStart(8)}${several ? `  ± ${fmt(v.spread)}  (${v.values.map(fmt).join(" ")})` : ""}`),
    ...Object.entries(failures).map(([k, v]) => `${k.padEnd(width)}  FAILED: ${v}`),
    "```",
    "",
    "### Method vs baseline (same model, same LlmClient)",
    "",
    renderCompareRuns(all.map((sections) => Object.values(sections).flatMap((s): CompareRow[] => s.compare))),
    "",
    // Confusion matrices and similar text: the last run's.
    ...last.filter((s) => s.text).map((s) => `\`\`\`\n${s.text}\n\`\`\`\n`),
    ...all.flatMap((sections) => Object.values(sections).flatMap((s) => s.notes)).map((n) => `- ${n}`),
    `- run: ${run.seconds.toFixed(0)} s wall, ${run.cpuSeconds.toFixed(0)} CPU s, ${run.llmCalls} LLM calls busy ${run.llmBusyS.toFixed(0)} s`,
    "",
  ];
  return lines.join("\n");
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`eval: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
