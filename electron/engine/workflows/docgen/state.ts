import { Annotation } from "@langchain/langgraph";
import type { Material, RunScope } from "../../../../shared/knowledge.js";
import type { DocOutline, InputMode, ModuleReport, ReplacementRecordView } from "../../../../shared/workflows/docgen.js";
import type { ResumeRecord } from "../common/definePauses.js";
import type { Locale } from "../common/definePrompt.js";
import type { ModuleFindings } from "./review/ModuleFindings.js";

/** Last value wins (the default for fields without a reducer, spelled out for the optional ones). */
const last = <T>(initial: () => T) => Annotation<T>({ reducer: (_prev: T, next: T) => next, default: initial });

/**
 * State of the doc generator graph. The first block are the brief's fields, under their names.
 * Everything is plain JSON (checkpointed by SqliteSaver after every node).
 */
export const DocgenAnnotation = Annotation.Root({
  /** Where the source comes from: `text` (context is the text), `notes` (.md file or folder), `code` (a code folder). */
  input_mode: last<InputMode>(() => "text"),
  /** What the document is about; every prompt is anchored on it. */
  topic: last<string>(() => ""),
  /** The document's language: every prompt is written in it (the start input's, else detected from the topic and source). */
  locale: last<Locale>(() => "zh"),
  /** The processed source the outline and sections are written from (cleaned text, note structure, or the code overview). */
  context: last<string>(() => ""),
  /** The library's collections, folders and papers this run takes sources from (null: none, the run reads only its own source). */
  scope: last<RunScope | null>(() => null),
  /** Passages found in the scope (`m001` …), cited as `[m001]` by the sections; a paper's carry its CSL record. */
  materials: last<Material[]>(() => []),
  /** Folder or file given by the user (notes / code modes); every read is confined under it. */
  source_path: last<string>(() => ""),
  /** The document as it stands: the assembled draft, then each accepted revise. */
  current_draft: last<string>(() => ""),
  /** This round's findings as `【rule】第 n 行：…` lines (plus `【熔断放行】…` when a breaker tripped), for the report (revise reads `findings`). */
  review_comments: last<string[]>(() => []),
  /** Module keys to review, in guide order (the run guide's modules). */
  review_pipeline: last<string[]>(() => []),
  /** Index into review_pipeline of the module under review. */
  current_review_index: last<number>(() => 0),
  /** Revise rounds done per module; ≥ 3 trips the breaker. */
  iteration_counts: last<Record<string, number>>(() => ({})),
  /** Violations counted at the previous review of the current module (null on its first review): a revise that raises it is rolled back. */
  prev_violation_count: last<number | null>(() => null),
  /** Per module, the keys (rule + line text) of last round's violations: a repeat gets the severe-warning prefix. */
  violation_history_cache: last<Record<string, string[]>>(() => ({})),
  /** Whether the module just reviewed passed (no violations left). */
  is_valid: last<boolean>(() => false),
  /** `<dataDir>/cache/<session>/`: outline.json, section_<i>.md, draft_wip.md, review_state.json. */
  cache_dir: last<string>(() => ""),

  /** Style guide file of this run (empty: the built-in one); after setup, the run's own copy in cache_dir. */
  rules_file: last<string>(() => ""),
  /** Library id of the run's guide (`docgen.listGuides`); empty for a rules_file path. */
  guide: last<string>(() => ""),
  /** Name of the run's guide (the rules index keys its rows by it). */
  guide_name: last<string>(() => ""),
  /** The guide's modules (key + name from its `## key（名称）` headings): which graph, with one review/revise pair each, runs this session. */
  guide_modules: last<Array<{ id: string; name: string }>>(() => []),
  /** Pause for outline confirmation and failed sections (UI); off for the CLI and the MCP tool. */
  confirm_outline: last<boolean>(() => false),
  /** Review-only mode: `current_draft` is the user's document, generation is skipped. */
  review_only: last<boolean>(() => false),
  /** Tool-step cap of the code-scanning agent. */
  max_scan_steps: last<number>(() => 12),
  /** Session whose cache this run reuses (resume). */
  resume_from: last<string>(() => ""),
  /** The MECE outline (from outline.json when cached). */
  outline: last<DocOutline | null>(() => null),
  /** Text of each section (a failed one is `【章节 i 生成失败: reason】`). */
  sections: last<string[]>(() => []),
  /** Indexes of sections that failed to generate. */
  failed_sections: last<number[]>(() => []),
  /** The last review of the current module, typed: its violations, what the fix repairs, the draft's lint (what revise works on). */
  findings: last<ModuleFindings | null>(() => null),
  /** The draft before the current module's last revise (restored by a rollback). */
  prev_draft: last<string>(() => ""),
  /** The findings of prev_draft (restored with it by a rollback). */
  prev_findings: last<ModuleFindings | null>(() => null),
  /** Outcome per module, in pipeline order. */
  module_reports: last<ModuleReport[]>(() => []),
  /** Every replacement of every round, kept or dropped. */
  replacement_log: last<Array<ReplacementRecordView & { module: string; round: number }>>(() => []),
  /** Latest stored version of the document. */
  draft_version: last<number | null>(() => null),
  /** Feedback for a regenerated outline. */
  outline_feedback: last<string>(() => ""),
  /** http(s) links the user wrote in the text, the notes or the extra context (fetch_links fetches the allowed ones). */
  user_links: last<string[]>(() => []),
  /** A finished run's request to rewrite one section (`docgen.regenerateSection`), consumed by regenerate_finished. */
  regen_request: last<{ index: number; notes: string } | null>(() => null),
  /** The answer of the last pause. */
  resume: last<ResumeRecord | null>(() => null),
  /** Outcome of the last review: pass (no violations), fail (→ revise), breaker (forced pass after 3 rounds). */
  verdict: last<"pass" | "fail" | "breaker" | "">(() => ""),
  /** The start input as given (a resumed run starts from it, with resume_from). */
  start_input: last<Record<string, unknown>>(() => ({})),
  /** Set by the final node. */
  final: last<boolean>(() => false),
});
export type DocgenState = typeof DocgenAnnotation.State;
export type DocgenUpdate = typeof DocgenAnnotation.Update;
