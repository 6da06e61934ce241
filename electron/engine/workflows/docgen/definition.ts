import { docgenContract, type DocgenStartInput, type ModuleReport } from "../../../../shared/workflows/docgen.js";
import type { CompiledWorkflowGraph, WorkflowDefinition, WorkflowServices } from "../WorkflowDefinition.js";
import { docgenDeps, graphModules, type DocgenServiceExtras } from "./DocgenDeps.js";
import { buildDocgenGraph, docgenMermaidSync } from "./graph.js";
import { docgenPauses } from "./pauses.js";
import type { DocgenStateType } from "./state.js";

const TITLE_CHARS = 40;

let mermaid: string | undefined;
/** The Mermaid drawing of the graph built from the built-in guide (a string, computed once). */
function defaultMermaid(): string {
  try {
    mermaid ??= docgenMermaidSync(graphModules(docgenDeps({} as WorkflowServices).rulesDir));
  } catch {
    mermaid = "";
  }
  return mermaid;
}

/** The doc generator: source → MECE outline → concurrent sections → per-module rule review/revise. */
export const docgenWorkflow: WorkflowDefinition<DocgenStartInput, typeof docgenContract> = {
  id: "docgen",
  contract: docgenContract,
  title: (input) => {
    const t = `${input.review_only ? "审查：" : ""}${input.topic}`;
    return t.length > TITLE_CHARS ? `${t.slice(0, TITLE_CHARS - 1)}…` : t;
  },
  build: (services, checkpointer) => {
    const deps = docgenDeps(services as WorkflowServices & DocgenServiceExtras);
    return buildDocgenGraph(deps, graphModules(deps.rulesDir), checkpointer) as unknown as CompiledWorkflowGraph;
  },
  initialState: (input) => ({
    input_mode: input.input_mode,
    topic: input.topic,
    context: input.review_only ? "" : (input.context ?? ""),
    source_path: input.source_path ?? "",
    rules_file: input.rules_file ?? "",
    confirm_outline: input.confirm_outline ?? false,
    review_only: input.review_only ?? false,
    max_scan_steps: input.max_scan_steps ?? 12,
    resume_from: input.resume_from ?? "",
    // Review-only: the user's document exactly as given (not cleaned: only accepted replacements may change it).
    current_draft: input.review_only ? (input.context ?? "") : "",
    start_input: { ...input },
  }),
  parseResume: (pause, payload) => docgenPauses.parseResume(pause, payload),
  publicValues: (values, session) => docgenPublicValues(values as Partial<DocgenStateType>, session.status),
  doneSummary: (values) => {
    const v = values as Partial<DocgenStateType>;
    const reports = v.module_reports ?? [];
    const breakers = reports.filter((r) => r.breaker).map((r) => r.key);
    return `${[...(v.current_draft ?? "")].length} characters, ${reports.filter((r) => r.status === "passed").length}/${reports.length} modules passed${breakers.length ? `, breaker: ${breakers.join(", ")}` : ""}`;
  },
};

/** `run.state` values of a docgen session (the contract's `state`). */
export function docgenPublicValues(v: Partial<DocgenStateType>, status: string) {
  const log = v.replacement_log ?? [];
  return {
    status: v.final ? "done" : status,
    input_mode: v.input_mode ?? "text",
    topic: v.topic ?? "",
    review_only: v.review_only ?? false,
    outline: v.outline ?? null,
    sections_total: v.outline?.sections.length ?? 0,
    sections_done: (v.sections ?? []).length - (v.failed_sections ?? []).length,
    failed_sections: v.failed_sections ?? [],
    current_draft: v.current_draft ?? "",
    draft_version: v.draft_version ?? null,
    review_pipeline: v.review_pipeline ?? [],
    current_review_index: v.current_review_index ?? 0,
    iteration_counts: v.iteration_counts ?? {},
    review_comments: v.review_comments ?? [],
    is_valid: v.is_valid ?? false,
    modules: (v.module_reports ?? []) as ModuleReport[],
    replacements: { kept: log.filter((r) => r.status === "kept").length, dropped: log.filter((r) => r.status === "dropped").length },
    mermaid: defaultMermaid(),
    input: v.start_input ?? {},
  };
}
