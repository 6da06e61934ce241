import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { contentTokens, normalize } from "../../common/claimText.js";
import { runStep, summaryOf } from "../../common/nodeRuntime.js";
import { answerOf, failedText, tryStructured } from "../agentKit.js";
import type { PaperDeps } from "../PaperDeps.js";
import { echoCanaries, withoutEchoes } from "../../common/echoGuard.js";
import { EXTRACT_EXAMPLE, extractPrompt } from "../prompts.js";
import { ExtractionSchema } from "../schemas.js";
import type { PaperState, PaperUpdate } from "../state.js";

type Row = { method: string; dataset: string; metric: string; value: string; page: number };

const HEADERS = ["method", "dataset", "metric", "value", "page"] as const;

/** Markdown table of result rows (pipes escaped). */
export function rowsToMarkdown(rows: Row[]): string {
  const cell = (value: string | number) => String(value).replace(/\|/g, "\\|").replace(/\n/g, " ");
  return [`| ${HEADERS.join(" | ")} |`, `|${HEADERS.map(() => " --- ").join("|")}|`, ...rows.map((r) => `| ${HEADERS.map((h) => cell(r[h])).join(" | ")} |`)].join("\n");
}

/** RFC 4180 CSV of result rows. */
export function rowsToCsv(rows: Row[]): string {
  const cell = (value: string | number) => (/[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value));
  return [HEADERS.join(","), ...rows.map((r) => HEADERS.map((h) => cell(r[h])).join(","))].join("\n") + "\n";
}

/**
 * Whether the passages print a name: each of its content words (stemmed Latin words, CJK
 * bigrams) is in them. The prompt asks the model to copy what is stated, so a dataset, method or
 * metric the passages never name was invented — a weak model fills the table with famous names.
 */
function statedIn(passages: string): (name: string) => boolean {
  const printed = contentTokens(passages);
  return (name) => {
    const tokens = contentTokens(name);
    return tokens.size > 0 && [...tokens].every((t) => printed.has(t));
  };
}

/**
 * Structured extraction, blocking: datasets, methods, metrics and result rows as JSON. A row is
 * kept only when its value is printed on the page it names (checked against the passages read)
 * and its method, dataset and metric are named in the passages; a listed name the passages never
 * print is dropped too. What was dropped is reported. Rendered as a Markdown table, exportable as CSV.
 */
export function extractNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "extract", agent: "researcher", label: "提取信息" }, async () => {
      const { titles, locale } = state.paper_metadata;
      const base = { current_agent: "extract", agent_mode: "blocking" as const, stream_chunks: [] };
      const result = await tryStructured(deps.llm, config, { ...extractPrompt(state.paper_metadata.locale, titles.join(" / "), state.paper_text), schema: ExtractionSchema, tag: { role: "paper", step: "extract" }, maxTokens: 1200 });
      if (!result.value) return { update: { ...base, agent_response: answerOf(state, "extract", { answer: failedText(locale, result.error) }) }, ...summaryOf("noExtraction", {}, "no valid extraction") };
      // Echo guard: a list entry or row that repeats the prompt's example and is not in the paper is dropped.
      const canaries = echoCanaries({ example: EXTRACT_EXAMPLE, schema: ExtractionSchema });
      const lists = (items: string[]) => withoutEchoes(items, (item) => [item], canaries, state.paper_text);
      const [datasets, methods, metrics] = [lists(result.value.datasets), lists(result.value.methods), lists(result.value.metrics)];
      const results = withoutEchoes(result.value.results, (row) => [row.method, row.dataset, row.metric], canaries, state.paper_text);
      const echoes = datasets.dropped.length + methods.dropped.length + metrics.dropped.length + results.dropped.length;
      const stated = statedIn(state.paper_text);
      const named = { datasets: datasets.kept.filter(stated), methods: methods.kept.filter(stated), metrics: metrics.kept.filter(stated) };
      const value = { ...named, results: results.kept };
      const listedBefore = datasets.kept.length + methods.kept.length + metrics.kept.length;
      const unstatedNames = listedBefore - named.datasets.length - named.methods.length - named.metrics.length;
      const pageText = (page: number) => normalize(state.evidence.filter((e) => e.page === page).map((e) => e.text).join(" "));
      const rows = value.results.filter(
        (row) => row.value.trim() && pageText(row.page).includes(normalize(row.value).replace(/\s+/g, " ").trim()) && [row.method, row.dataset, row.metric].every(stated),
      );
      const droppedRows = value.results.length - rows.length;
      // A name the passages never print counts with the rows that failed their check: both were dropped as not found.
      const dropped = droppedRows + unstatedNames;
      const listed = locale === "zh"
        ? `数据集：${value.datasets.join("、") || "—"}\n方法：${value.methods.join("、") || "—"}\n指标：${value.metrics.join("、") || "—"}`
        : `Datasets: ${value.datasets.join(", ") || "—"}\nMethods: ${value.methods.join(", ") || "—"}\nMetrics: ${value.metrics.join(", ") || "—"}`;
      const markdown = rowsToMarkdown(rows);
      const citations = [...new Set(rows.map((r) => r.page))].map((page) => ({ page, chunk_id: state.evidence.find((e) => e.page === page)!.chunk_id }));
      return {
        update: {
          ...base,
          agent_response: answerOf(state, "extract", {
            answer: `${listed}\n\n${markdown}`,
            citations,
            data: { ...value, results: rows, dropped_rows: droppedRows + results.dropped.length, dropped_names: unstatedNames, markdown, csv: rowsToCsv(rows) },
          }),
        },
        ...(echoes
          ? summaryOf("rowsEchoDropped", { n: rows.length, dropped, echoes }, `${rows.length} rows, ${dropped} not found in the passages dropped, ${echoes} copied from the prompt's example ignored`)
          : summaryOf(dropped ? "rowsDropped" : "rows", { n: rows.length, dropped }, `${rows.length} rows${dropped ? `, ${dropped} not found in the passages dropped` : ""}`)),
      };
    });
}
