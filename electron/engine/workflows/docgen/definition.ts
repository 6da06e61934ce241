import { detectLocale } from "../../../../shared/detectLocale.js";
import { DOCGEN_STRUCTURED_SCHEMAS } from "./structuredSchemas.js";
import { DOCGEN_MCP_TOOLS } from "./mcp/docgenMcpTools.js";
import { DOCGEN_FLAGS, DOCGEN_USAGE, docgenCommand } from "./docgenCli.js";
import { docgenContract, type DocgenStartInput, type ModuleReport } from "../../../../shared/workflows/docgen.js";
import type { WorkflowDefinition } from "../WorkflowDefinition.js";
import { builtinModules, docgenDeps, readGuideFile, type DocgenDeps } from "./DocgenDeps.js";
import { docgenExport } from "./docgenExport.js";
import { docgenMethods } from "./docgenMethods.js";
import { docgenGraphShape, docgenMermaidSync, type GraphModule } from "./graph.js";
import { GuideGraphs } from "./GuideGraphs.js";
import { validateGuide } from "./guides/validateGuide.js";
import { docgenPauses } from "./pauses.js";
import type { DocgenState } from "./state.js";
import { readReviewDocument } from "./readReviewDocument.js";

const TITLE_CHARS = 40;

type GraphShape = ReturnType<typeof docgenGraphShape>;
const drawings = new Map<string, { mermaid: string; graph: GraphShape }>();
/** The Mermaid text and the node/edge structure of the graph of a module list (the built-in guide's when empty), computed once per list. */
function drawingOf(modules: readonly GraphModule[]): { mermaid: string; graph: GraphShape } {
  const key = modules.map((m) => `${m.id}:${m.name}`).join("|");
  let drawing = drawings.get(key);
  if (drawing === undefined) {
    try {
      const list = modules.length ? modules : builtinModules();
      drawing = { mermaid: docgenMermaidSync(list), graph: docgenGraphShape(list) };
    } catch {
      drawing = { mermaid: "", graph: { nodes: [], edges: [] } };
    }
    if (drawings.size > 32) drawings.clear();
    drawings.set(key, drawing);
  }
  return drawing;
}

/** The doc generator: source → MECE outline → concurrent sections → per-module rule review/revise. */
export const docgenWorkflow: WorkflowDefinition<DocgenStartInput, typeof docgenContract, DocgenDeps> = {
  id: "docgen",
  contract: docgenContract,
  structuredSchemas: DOCGEN_STRUCTURED_SCHEMAS,
  cli: { flags: DOCGEN_FLAGS, usage: DOCGEN_USAGE, run: docgenCommand },
  services: (platform) => docgenDeps(platform),
  mcpTools: DOCGEN_MCP_TOOLS,
  methods: docgenMethods,
  export: docgenExport,
  title: (input) => {
    const t = `${input.review_only ? "审查：" : ""}${input.topic}`;
    return t.length > TITLE_CHARS ? `${t.slice(0, TITLE_CHARS - 1)}…` : t;
  },
  build: (deps, checkpointer) => {
    const graphs = new GuideGraphs(deps, checkpointer, () => builtinModules(deps.rulesDir));
    // A new run's initial state gets its guide's modules here (the graph with their nodes runs it).
    return {
      stream: async (input, options) => {
        if (isInitialState(input) && !input.guide_modules) {
          const { file, name } = deps.guideFile(input);
          const guide = await validateGuide(readGuideFile(file), name);
          input = { ...input, guide_name: name, guide_modules: guide.modules.map((m) => ({ id: m.id, name: m.name })) };
        }
        return graphs.stream(input, options);
      },
      getState: (config) => graphs.getState(config),
    };
  },
  checkStart: async (input, deps) => {
    // An unknown library id, an invalid guide or an unreadable review file is refused before the session exists.
    if (input.review_only) readReviewDocument(input);
    const { file, name } = deps.guideFile(input);
    await validateGuide(readGuideFile(file), input.guide ?? name);
  },
  initialState: (input) => {
    // Review-only: the user's document exactly as given (not cleaned: only accepted replacements may change it).
    const reviewed = input.review_only ? readReviewDocument(input) : "";
    return {
      input_mode: input.input_mode,
      topic: input.topic,
      locale: input.locale ?? detectLocale(`${input.topic}\n${(input.review_only ? reviewed : (input.context ?? "")).slice(0, 4000)}`),
      context: input.review_only ? "" : (input.context ?? ""),
      source_path: input.source_path ?? "",
      rules_file: input.rules_file ?? "",
      guide: input.guide ?? "",
      confirm_outline: input.confirm_outline ?? false,
      review_only: input.review_only ?? false,
      max_scan_steps: input.max_scan_steps ?? 12,
      resume_from: input.resume_from ?? "",
      scope: input.scope ?? null,
      current_draft: reviewed,
      start_input: { ...input },
    };
  },
  parseResume: (pause, payload) => docgenPauses.parseResume(pause, payload),
  publicValues: (values, session) => docgenPublicValues(values as Partial<DocgenState>, session.status),
  doneSummary: (values) => {
    const v = values as Partial<DocgenState>;
    const reports = v.module_reports ?? [];
    const breakers = reports.filter((r) => r.breaker).map((r) => r.key);
    const chars = [...(v.current_draft ?? "")].length;
    const passed = reports.filter((r) => r.status === "passed").length;
    return {
      text: `${chars} characters, ${passed}/${reports.length} modules passed${breakers.length ? `, breaker: ${breakers.join(", ")}` : ""}`,
      message: { key: "done", params: { chars, passed, n: reports.length, breakers: breakers.length } },
    };
  },
};

/** `run.state` values of a docgen session (the contract's `state`). */
export function docgenPublicValues(v: Partial<DocgenState>, status: string) {
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
    mermaid: drawingOf(v.guide_modules ?? []).mermaid,
    graph: drawingOf(v.guide_modules ?? []).graph,
    guide: { id: v.guide || (v.rules_file ? null : "builtin"), name: v.guide_name ?? "", modules: (v.guide_modules ?? []).map((m) => ({ key: m.id, name: m.name })) },
    input: v.start_input ?? {},
  };
}

/** The plain-object state a new run starts from (not a resume Command, not null). */
function isInitialState(input: unknown): input is { rules_file: string; guide: string; guide_modules?: unknown } {
  return !!input && typeof input === "object" && !Array.isArray(input) && "rules_file" in input && "input_mode" in input;
}
