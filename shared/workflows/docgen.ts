import { z } from "zod";
import { StepTextSchema, workflowEvent } from "../coreEvents.js";
import { RunScopeSchema } from "../knowledge.js";
import { defineWorkflowContract } from "./contract.js";
import type { ResumePayloadOf } from "./contract.js";

/**
 * Doc generator (`docgen`): a technical document from plain text, markdown notes or a local code
 * folder → MECE outline → concurrent sections → rule-RAG review/revise per style-guide module.
 * Field names follow the product brief (snake_case).
 */

export const INPUT_MODES = ["text", "notes", "code"] as const;
export type InputMode = (typeof INPUT_MODES)[number];

/** Revise rounds per module before the breaker force-passes it (`【熔断放行】`). */
export const DOCGEN_MAX_ROUNDS = 3;

/** A module's English name from its guide key (`metadata_and_structure` → "Metadata and structure"); the guide's own name is Chinese. */
export function moduleTitleEn(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** `run.start` input (`POST /api/docgen/start`). */
export const DocgenStartInputSchema = z
  .object({
    input_mode: z.enum(INPUT_MODES).describe("text: `context` is the source; notes: `source_path` is a .md file or a folder of them; code: `source_path` is a code folder; review_only: `source_path` may name the .md/.txt file to check"),
    topic: z.string().trim().min(1, "topic must not be empty").max(500),
    source_path: z.string().trim().min(1).max(4096).optional(),
    /** Text mode: the source text. Review-only: the markdown to check. Other modes: extra background. */
    context: z.string().max(400_000).optional(),
    /** A style guide in the DOC_GUIDELINES.md format (path); default: the built-in guide. */
    rules_file: z.string().trim().min(1).max(4096).optional(),
    /** A guide of the library by id (`docgen.listGuides`; `builtin` is the built-in one); not with rules_file. */
    guide: z.string().trim().min(1).max(100).optional(),
    /** Pause after the outline for the user to confirm or edit it (UI default on; CLI/tool off). */
    confirm_outline: z.boolean().optional(),
    /** Skip generation: `context` is an existing document that goes straight into the review pipeline. */
    review_only: z.boolean().optional(),
    /** Tool steps of the code-scanning agent; default 12. */
    max_scan_steps: z.number().int().min(1).max(40).optional(),
    /** The document's language (prompts and written text); default: detected from the topic and the source text. */
    locale: z.enum(["zh", "en"]).optional(),
    /** A previous session whose cache (outline.json, section_<i>.md, draft_wip.md) this run reuses. */
    resume_from: z.string().min(1).max(100).optional(),
    /**
     * Sources from the user's library for the sections: passages of these collections, bound folders
     * and papers are searched on the topic and cited; the papers cited get a GB/T 7714 reference list.
     * Absent: the run reads only its own source.
     */
    scope: RunScopeSchema.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.review_only && v.scope) ctx.addIssue({ code: "custom", path: ["scope"], message: "review_only checks a document as given; it takes no scope" });
    if (v.review_only) {
      // The document to check: pasted (context) or a file the engine reads (an upload or a dialog's path).
      if (!v.context?.trim() && !v.source_path) ctx.addIssue({ code: "custom", path: ["context"], message: "review_only needs the markdown in context or a .md/.txt file in source_path" });
      if (v.context?.trim() && v.source_path) ctx.addIssue({ code: "custom", path: ["source_path"], message: "review_only takes the markdown in context or a file in source_path, not both" });
    } else if (v.input_mode === "text" && !v.context?.trim()) {
      ctx.addIssue({ code: "custom", path: ["context"], message: "text mode needs the source text in context" });
    }
    if (v.guide && v.rules_file) ctx.addIssue({ code: "custom", path: ["guide"], message: "give either guide (a library id) or rules_file (a path), not both" });
    if (!v.review_only && v.input_mode !== "text" && !v.source_path) {
      ctx.addIssue({ code: "custom", path: ["source_path"], message: `${v.input_mode} mode needs source_path` });
    }
  });
export type DocgenStartInput = z.output<typeof DocgenStartInputSchema>;

export const DocOutlineSectionSchema = z.object({ title: z.string().min(1).max(200), scope: z.string().max(400) });
export const DocOutlineSchema = z.object({ title: z.string().min(1).max(200), sections: z.array(DocOutlineSectionSchema).min(1).max(12) });
export type DocOutline = z.infer<typeof DocOutlineSchema>;

/** One violation of a review round, on a line of the draft that was reviewed. */
export const DocViolationSchema = z.object({
  rule_id: z.string(),
  line: z.number().int(),
  excerpt: z.string(),
  comment: z.string(),
  source: z.enum(["checker", "model"]),
  /** Raised last round too and still present. */
  repeated: z.boolean(),
});
export type DocViolation = z.infer<typeof DocViolationSchema>;

/** What became of one proposed replacement (the round's diff). */
export const ReplacementRecordSchema = z.object({
  group: z.string(),
  start_line: z.number(),
  end_line: z.number(),
  old: z.string(),
  new: z.string(),
  reason: z.string(),
  status: z.enum(["kept", "dropped"]),
  dropped: z.object({ reason: z.string(), detail: z.string().optional() }).optional(),
});
export type ReplacementRecordView = z.infer<typeof ReplacementRecordSchema>;

/** Per-module outcome: the `--json` report's `modules[]`. */
export const ModuleReportSchema = z.object({
  key: z.string(),
  name: z.string(),
  rounds: z.number().int(),
  violations_before: z.number().int(),
  violations_after: z.number().int(),
  breaker: z.boolean(),
  status: z.enum(["pending", "reviewing", "passed", "breaker"]),
});
export type ModuleReport = z.infer<typeof ModuleReportSchema>;

/** One guide of the library (`docgen.listGuides`): its modules are its own `## key（名称）` headings. */
export const GuideSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  builtin: z.boolean(),
  /** sha256 of the markdown (the rules index is rebuilt when it changes). */
  hash: z.string(),
  modules: z.array(z.object({ key: z.string(), name: z.string(), rules: z.number().int() })),
  imported_at: z.string().nullable(),
});
export type GuideSummary = z.infer<typeof GuideSummarySchema>;

/** The doc generator's own methods (`docgen.<name>`; handlers in its engine definition). */
export const DocgenMethods = {
  /** The guide library: the built-in guide first, then the imported ones by name. */
  listGuides: { input: z.object({}).strict(), output: z.object({ guides: z.array(GuideSummarySchema) }) },
  /** Import a guide (markdown text, or a file path the engine can read); invalid → bad_request naming the problem; same name replaces. */
  importGuide: {
    input: z
      .object({
        name: z.string().trim().max(120).optional(),
        markdown: z.string().max(500_000).optional(),
        path: z.string().trim().min(1).max(4096).optional(),
      })
      .strict()
      .refine((v) => (v.markdown === undefined) !== (v.path === undefined), { message: "give exactly one of markdown or path" }),
    output: z.object({ guide: GuideSummarySchema }),
  },
  deleteGuide: { input: z.object({ id: z.string().min(1).max(100) }).strict(), output: z.object({ ok: z.literal(true) }) },
  /**
   * After a run has finished (`done`): rewrite section `index` (0-based, the document's `## ` sections)
   * of the latest version — e.g. a `【章节 i 生成失败: …】` placeholder — keeping every other section
   * verbatim, stored as a new version (reason `regenerate`); the session runs and ends `done` again.
   */
  regenerateSection: {
    input: z.object({ sessionId: z.string().min(1).max(100), index: z.number().int().min(0), notes: z.string().max(2000).optional() }).strict(),
    output: z.object({ sessionId: z.string(), status: z.string() }),
  },
} as const;

const outlineContext = { outline: DocOutlineSchema, topic: z.string() };

export const docgenContract = defineWorkflowContract({
  id: "docgen",
  route: "docgen",
  start: DocgenStartInputSchema,
  documents: true,
  methods: DocgenMethods,
  pauses: {
    /** After the outline (only when `confirm_outline`). */
    outline_confirm: {
      context: outlineContext,
      actions: {
        confirm: { edited_outline: DocOutlineSchema.optional() },
        regenerate: { feedback: z.string().max(2000).optional() },
      },
    },
    /** After the sections when some failed (only when `confirm_outline`): regenerate one, or go on to the review. */
    sections_failed: {
      context: { failed_sections: z.array(z.number().int()), outline: DocOutlineSchema },
      actions: {
        regenerate_section: { index: z.number().int().min(0) },
        continue: {},
      },
    },
  },
  state: z.object({
    status: z.string(),
    input_mode: z.enum(INPUT_MODES),
    topic: z.string(),
    review_only: z.boolean(),
    outline: DocOutlineSchema.nullable(),
    sections_total: z.number().int(),
    sections_done: z.number().int(),
    failed_sections: z.array(z.number().int()),
    current_draft: z.string(),
    draft_version: z.number().int().nullable(),
    review_pipeline: z.array(z.string()),
    current_review_index: z.number().int(),
    iteration_counts: z.record(z.string(), z.number().int()),
    review_comments: z.array(z.string()),
    is_valid: z.boolean(),
    modules: z.array(ModuleReportSchema),
    replacements: z.object({ kept: z.number().int(), dropped: z.number().int() }),
    /** The graph as Mermaid (LangGraph's drawing): every module's review and revise node. */
    mermaid: z.string(),
    /** The same graph as structure (LangGraph's nodes and edges), which the UI draws as SVG. */
    graph: z.object({ nodes: z.array(z.string()), edges: z.array(z.object({ from: z.string(), to: z.string(), conditional: z.boolean() })) }),
    /** The run's guide: library id (null for a rules_file path or none yet), name, and its modules in pipeline order. */
    guide: z.object({ id: z.string().nullable(), name: z.string(), modules: z.array(z.object({ key: z.string(), name: z.string() })) }),
    /** The run's start input, so a client can start a resumed run with `resume_from`. */
    input: z.record(z.string(), z.unknown()),
  }),
  events: [
    /** One tool call of the code-scanning agent. */
    workflowEvent("scan_step", { index: z.number().int(), tool: z.string(), args: z.record(z.string(), z.unknown()), ok: z.boolean(), summary: z.string(), summaryText: StepTextSchema.optional() }),
    /** A link the user gave: fetched (loopback or a configured intranet host), refused without a request, or failed. */
    workflowEvent("link_checked", { url: z.string(), status: z.enum(["fetched", "refused", "failed"]), detail: z.string() }),
    workflowEvent("doc_outline_ready", { outline: DocOutlineSchema, cached: z.boolean() }),
    workflowEvent("section_done", { index: z.number().int(), total: z.number().int(), ok: z.boolean(), error: z.string().optional(), cached: z.boolean() }),
    /** One review round of one module: its violations (checker + model), after validation. */
    workflowEvent("module_review", {
      module: z.string(),
      name: z.string(),
      round: z.number().int(),
      violations: z.array(DocViolationSchema),
      passed: z.boolean(),
      rejected: z.number().int(),
      /** The review model gave no usable result this round (the checkers' findings stand). */
      model_error: z.string().optional(),
    }),
    /** One revise round: every kept and dropped replacement. */
    workflowEvent("module_revise", { module: z.string(), round: z.number().int(), records: z.array(ReplacementRecordSchema), fixed: z.number().int() }),
    /** The revise of `round` made the module worse: the previous draft is back. */
    workflowEvent("module_rollback", { module: z.string(), round: z.number().int(), before: z.number().int(), after: z.number().int() }),
    workflowEvent("module_breaker", { module: z.string(), rounds: z.number().int(), remaining: z.number().int(), comment: z.string() }),
  ],
});

export type DocgenContract = typeof docgenContract;
export type DocgenResumeRequest = ResumePayloadOf<DocgenContract>;

/** The CLI / MCP report of a finished run (`docgen start --json`). */
export const DocgenReportSchema = z.object({
  session_id: z.string(),
  status: z.string(),
  modules: z.array(
    z.object({ key: z.string(), rounds: z.number().int(), violations_before: z.number().int(), violations_after: z.number().int(), breaker: z.boolean() }),
  ),
  replacements: z.object({ kept: z.number().int(), dropped: z.number().int() }),
  output: z.string().nullable(),
});
export type DocgenReport = z.infer<typeof DocgenReportSchema>;
