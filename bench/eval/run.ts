/**
 * `npm run eval [-- --quick] [-- --items N] [-- --json] [-- --only router,paper,claims,docgen,article] [-- --md file]`
 * Quality of every workflow on the real model, against a one-shot baseline on the same model and
 * LlmClient. See docs/eval.md for the method and the latest table.
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
import { fmt, renderCompare } from "./metrics/compare.js";
import { findRealModel, NOT_RUN_HINT } from "./realModel.js";
import { realThreads } from "../../tests/realModel/realModelPath.js";
import { loadArticleSet, loadClaimSet, loadDocgenSet, loadPapers, loadQaSet, loadRouterSet, paperFile } from "./sets.js";
import type { EvalContext, EvalSection } from "./types.js";

const SECTIONS = ["router", "paper", "claims", "docgen", "article"] as const;
type SectionName = (typeof SECTIONS)[number];

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { quick: { type: "boolean", default: false }, json: { type: "boolean", default: false }, only: { type: "string" }, md: { type: "string" }, items: { type: "string" } } });
  const selected = (values.only ? values.only.split(",").map((s) => s.trim()) : [...SECTIONS]) as SectionName[];
  const unknown = selected.filter((s) => !SECTIONS.includes(s));
  if (unknown.length) {
    process.stderr.write(`eval: unknown section(s) ${unknown.join(", ")}; known: ${SECTIONS.join(", ")}\n`);
    return 2;
  }
  const modelPath = findRealModel();
  if (!modelPath) {
    process.stdout.write(`NOT RUN: the real model is not on this machine; ${NOT_RUN_HINT}\n`);
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
  const sections: Partial<Record<SectionName, EvalSection>> = {};
  const failures: Record<string, string> = {};
  out.write(`eval (${values.quick ? "quick" : "full"}) on ${modelPath}\n`);
  const ee = await createEvalEngine(path.join(tmpDir, "data"), modelPath, { contextSize, sequences: 2, threads: realThreads() });
  try {
    const papers = loadPapers();
    const docIds: Record<string, string> = {};
    if (selected.some((s) => s === "router" || s === "paper" || s === "claims")) {
      for (const paper of papers) {
        const { papers: imported } = await ee.engine.call("paper.import", { paths: [await paperFile(paper, tmpDir)] });
        docIds[paper.id] = imported[0]!.doc_id;
        ctx.log(`imported ${paper.id}: ${imported[0]!.pages} pages`);
      }
    }
    const byLocale = { zh: docIds["zh-irrigation"]!, en: docIds["en-kestrel"]! };
    const run: Record<SectionName, () => Promise<EvalSection>> = {
      router: () => evalRouter(ctx, ee, byLocale, loadRouterSet()),
      paper: () => evalPaperQa(ctx, ee, papers, docIds, loadQaSet()),
      claims: () => evalClaims(ctx, ee, docIds, loadClaimSet()),
      docgen: () => evalDocgen(ctx, ee, loadDocgenSet(), fs.readFileSync(path.join(import.meta.dirname, "../../rules/DOC_GUIDELINES.md"), "utf8")),
      article: () => evalArticle(ctx, ee, loadArticleSet()),
    };
    for (const name of selected) {
      out.write(`[${name}] …\n`);
      const t = Date.now();
      try {
        sections[name] = await run[name]();
        sections[name]!.notes.push(`${name}: ${((Date.now() - t) / 1000).toFixed(0)} s`);
      } catch (error) {
        // One section failing still leaves the others' figures.
        failures[name] = error instanceof Error ? error.message : String(error);
        out.write(`  ${name} failed: ${failures[name]}\n`);
      }
    }
  } finally {
    await ee.dispose();
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
  const cpu = process.cpuUsage(cpuBefore);
  const report = renderReport(sections, failures, {
    mode: values.quick ? "quick" : "full",
    model: path.basename(fs.realpathSync(modelPath)),
    seconds: (Date.now() - started) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    llmCalls: ee.llm.calls,
    llmBusyS: ee.llm.busyMs() / 1000,
  });
  out.write(report);
  if (values.md) fs.writeFileSync(values.md, report);
  if (values.json) {
    const metrics = Object.assign({}, ...Object.values(sections).map((s) => s.metrics)) as Record<string, number>;
    const json = Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, Number.isFinite(v) ? v : null]));
    process.stdout.write(`${JSON.stringify({ ...json, compare: Object.values(sections).flatMap((s) => s.compare), failures, notes: Object.values(sections).flatMap((s) => s.notes) })}\n`);
  }
  return Object.keys(failures).length && process.env.CI === "true" ? 1 : 0;
}

function renderReport(sections: Partial<Record<SectionName, EvalSection>>, failures: Record<string, string>, run: { mode: string; model: string; seconds: number; cpuSeconds: number; llmCalls: number; llmBusyS: number }): string {
  const all = Object.values(sections);
  const metrics = Object.assign({}, ...all.map((s) => s.metrics)) as Record<string, number>;
  const width = Math.max(6, ...Object.keys(metrics).map((k) => k.length));
  const lines = [
    "",
    `## Eval (${run.mode}) — ${run.model}`,
    "",
    "```",
    ...Object.entries(metrics).map(([k, v]) => `${k.padEnd(width)}  ${fmt(v).padStart(8)}`),
    ...Object.entries(failures).map(([k, v]) => `${k.padEnd(width)}  FAILED: ${v}`),
    "```",
    "",
    "### Method vs baseline (same model, same LlmClient)",
    "",
    renderCompare(all.flatMap((s) => s.compare)),
    "",
    ...all.filter((s) => s.text).map((s) => `\`\`\`\n${s.text}\n\`\`\`\n`),
    ...all.flatMap((s) => s.notes).map((n) => `- ${n}`),
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
