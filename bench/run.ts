/**
 * `npm run bench [-- --quick] [-- --json] [-- --only llm,docgen,paper,retrieval]`
 * Every comparison is measured side by side in one run (A B A B …, medians); see bench/README.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import type { BenchContext, BenchGroup, GroupResult } from "./lib/types.js";
import { unavailable } from "./lib/types.js";

/**
 * A group that lives in its own file, which another feature's bench adds (`export const <name>:
 * BenchGroup`). Until the file exists its metrics are null with the reason.
 */
function groupFile(file: string, exportName: string): () => Promise<BenchGroup> {
  return async () => {
    const url = pathToFileURL(path.join(import.meta.dirname, file)).href;
    const module = (await import(url).catch((error: unknown) => {
      throw new Error(`${file} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    })) as Record<string, unknown>;
    const group = module[exportName];
    if (typeof group !== "function") throw new Error(`${file} does not export ${exportName}`);
    return group as BenchGroup;
  };
}

const GROUPS: Record<string, { metrics: string[]; load: () => Promise<BenchGroup> }> = {
  llm: {
    metrics: [
      "llm.threads_speedup",
      "llm.cpu_wake_speedup",
      "llm.grammar_valid_rate",
      "llm.prompt_only_valid_rate",
      "llm.section_throughput_ratio",
      "llm.prefix_reuse_ttft_speedup",
      "llm.decode_vs_raw",
      "llm.parallel_speedup_2",
      "llm.parallel_speedup_4",
      "llm.parallel_ceiling_4",
      "llm.parallel_speedup_4_q4_0",
      "llm.decode_tokens_per_s",
      "llm.memory_bandwidth_bound_tokens_per_s",
      "llm.decode_bandwidth_ratio_q8",
    ],
    load: async () => (await import("./llmBench.js")).llmBench,
  },
  workflow: {
    metrics: ["workflow.article_overhead", "workflow.orchestration_vs_floor"],
    load: async () => (await import("./workflowBench.js")).workflowBench,
  },
  docgen: { metrics: ["workflow.docgen_overhead", "docgen.section_speedup", "docgen.review_prefix_reuse"], load: groupFile("docgenBench.ts", "docgenBench") },
  paper: {
    metrics: ["paper.forced_vs_routed_ttft", "paper.router_saved_ms", "paper.router_prefix_ttft_speedup", "paper.deep_read_s", "paper.retrieval_page_recall5", "paper.claims_unsupported_precision", "paper.claims_unsupported_recall"],
    load: groupFile("paperBench.ts", "paperBench"),
  },
  retrieval: {
    metrics: [
      "retrieval.recall5_hybrid",
      "retrieval.recall5_vector",
      "retrieval.recall5_fts",
      "retrieval.ingest_chunks_per_s",
      "retrieval.p50_ms_10k",
      "retrieval.p95_ms_10k",
      "retrieval.malloc_tunables_speedup_10k",
      "retrieval.p50_ms_100k",
      "retrieval.p95_ms_100k",
    ],
    load: async () => (await import("./retrievalBench.js")).retrievalBench,
  },
  ocr: { metrics: ["ocr.seconds_per_page_2_cores", "ocr.import_15_page_scan_s"], load: groupFile("ocrBench.ts", "ocrBench") },
  abort: { metrics: ["abort.p50_ms", "abort.p95_ms", "abort.max_ms", "abort.within_500ms_rate"], load: async () => (await import("./abortBench.js")).abortBench },
  real: {
    metrics: [
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
    ],
    load: groupFile("realBench.ts", "realBench"),
  },
  ui: {
    metrics: ["ui.time_to_interactive_ms", "ui.long_tasks_over_50ms", "ui.max_long_task_ms", "ui.editor_open_ms", "ui.editor_100k_scroll_long_tasks", "ui.editor_100k_type_long_tasks", "ui.editor_100k_max_long_task_ms"],
    load: async () => (await import("./uiBench.js")).uiBench,
  },
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { quick: { type: "boolean", default: false }, json: { type: "boolean", default: false }, only: { type: "string" } },
  });
  const selected = values.only ? values.only.split(",").map((s) => s.trim()) : Object.keys(GROUPS);
  const unknown = selected.filter((name) => !GROUPS[name]);
  if (unknown.length) {
    process.stderr.write(`bench: unknown group(s) ${unknown.join(", ")}; known: ${Object.keys(GROUPS).join(", ")}\n`);
    process.exit(2);
  }
  const tmpDir = mkdtempSync(path.join(tmpdir(), "scriptorium-bench-"));
  const out = values.json ? process.stderr : process.stdout;
  const ctx: BenchContext = { quick: values.quick, tmpDir, log: (line) => out.write(`  ${line}\n`) };
  const merged: GroupResult = { metrics: {}, reasons: {}, notes: [`process: GLIBC_TUNABLES=${process.env.GLIBC_TUNABLES ?? "(unset)"}`] };
  try {
    for (const name of selected) {
      const group = GROUPS[name]!;
      out.write(`[${name}] ${values.quick ? "quick" : "full"} …\n`);
      const started = Date.now();
      // CPU seconds next to wall seconds: on a shared machine the wall time says little about what a group costs.
      const cpuBefore = process.cpuUsage();
      let result: GroupResult;
      try {
        result = await (await group.load())(ctx);
      } catch (error) {
        // A group that cannot run reports null with the reason; the others still run.
        result = unavailable(group.metrics, error instanceof Error ? error.message : String(error));
      }
      for (const metric of group.metrics) {
        if (!(metric in result.metrics)) {
          result.metrics[metric] = null;
          result.reasons[metric] ??= "not measured by this group";
        }
      }
      Object.assign(merged.metrics, result.metrics);
      Object.assign(merged.reasons, result.reasons);
      merged.notes.push(...result.notes.map((note) => `${name}: ${note}`), `${name}: ${((Date.now() - started) / 1000).toFixed(1)} s (cpu ${cpuSeconds(cpuBefore).toFixed(1)} s)`);
    }
  } finally {
    rmSync(tmpDir, { recursive: true, force: true });
  }
  derive(merged);
  out.write(renderTable(merged));
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ ...merged.metrics, reasons: merged.reasons, notes: merged.notes })}\n`);
  }
}

/**
 * Figures that divide one group's metric by another's, when both groups ran: the docgen reviews'
 * speed-up with four sequences as a share of what four sequences at once allow on this machine now.
 */
function derive(result: GroupResult): void {
  const speedup = result.metrics["docgen.review_parallel_speedup"];
  const ceiling = result.metrics["llm.parallel_ceiling_4"];
  if (typeof speedup === "number" && typeof ceiling === "number" && ceiling > 0) result.metrics["docgen.review_parallel_of_ceiling_4"] = speedup / ceiling;
}

/** CPU seconds (user + system, every thread of the process: llama.cpp's workers included) since `before`. */
function cpuSeconds(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

function renderTable(result: GroupResult): string {
  const rows = Object.entries(result.metrics).map(([name, value]) => [
    name,
    value === null ? "—" : formatNumber(value),
    value === null ? (result.reasons[name] ?? "") : "",
  ]);
  const width = Math.max(...rows.map((r) => r[0]!.length), 6);
  const lines = rows.map(([name, value, reason]) => `${name!.padEnd(width)}  ${value!.padStart(10)}  ${reason}`);
  return `\n${"metric".padEnd(width)}  ${"value".padStart(10)}\n${lines.join("\n")}\n\n${result.notes.map((n) => `# ${n}`).join("\n")}\n`;
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
