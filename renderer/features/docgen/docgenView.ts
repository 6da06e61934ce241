import type { EngineEvent, StepText } from "../../../shared/events.js";
import type { DocOutline, DocViolation, ReplacementRecordView } from "../../../shared/workflows/docgen.js";
import type { AppState } from "../../store/types.js";
import type { WorkflowReducer } from "../../store/workflowViews.js";

/** A scan step as the timeline shows it. */
export interface ScanStepView {
  seq: number;
  tool: string;
  args: Record<string, unknown>;
  ok: boolean;
  summary: string;
  /** The summary as `docgen.scanSummary.<key>` with params, when the engine gave it. */
  summaryText?: StepText;
}

export interface ModuleChip {
  key: string;
  name: string;
  state: "pending" | "round" | "passed" | "breaker";
  round: number;
}

export interface RoundView {
  seq: number;
  module: string;
  round: number;
  records: ReplacementRecordView[];
}

/** What the docgen screen shows, derived from the session's own events only. */
export interface DocgenView {
  scan: ScanStepView[];
  /** The user's links: fetched (loopback / configured intranet host), refused without a request, or failed. */
  links: Array<{ seq: number; url: string; status: "fetched" | "refused" | "failed"; detail: string }>;
  outline: { outline: DocOutline; cached: boolean } | null;
  sections: { done: number; total: number; failed: Array<{ index: number; error: string }> };
  modules: ModuleChip[];
  /** Per module, the violations of its latest review that found any (so a passed module still shows what was fixed). */
  violations: Record<string, { round: number; items: DocViolation[] }>;
  rounds: RoundView[];
  rollbacks: Array<{ seq: number; module: string; round: number; before: number; after: number }>;
}

/** The reducer's state: the view plus the indices of the sections written so far. */
export interface DocgenFold extends DocgenView {
  doneSections: readonly number[];
}

const EMPTY: DocgenFold = {
  scan: [],
  links: [],
  outline: null,
  sections: { done: 0, total: 0, failed: [] },
  modules: [],
  violations: {},
  rounds: [],
  rollbacks: [],
  doneSections: [],
};

/**
 * Docgen's reducer (registered by `docgenFeature`): folds scan_step, link_checked, doc_outline_ready,
 * section_done and module_* into the screen's view, one event at a time. `modules` holds the chips
 * of modules seen in events; `withPipeline` puts them in the guide's order with the pending ones.
 */
export const docgenReducer: WorkflowReducer<DocgenFold> = {
  initial: () => EMPTY,
  reduce(view, e) {
    switch (e.type) {
      case "scan_step":
        return {
          ...view,
          scan: [
            ...view.scan,
            { seq: e.seq, tool: e.tool, args: e.args ?? {}, ok: e.ok, summary: e.summary, ...(e.summaryText ? { summaryText: e.summaryText } : {}) },
          ],
        };
      case "link_checked":
        return { ...view, links: [...view.links, { seq: e.seq, url: e.url, status: e.status, detail: e.detail }] };
      case "doc_outline_ready":
        return {
          ...view,
          outline: { outline: e.outline, cached: e.cached },
          sections: { done: 0, total: e.outline.sections.length, failed: [] },
          doneSections: [],
        };
      case "section_done": {
        const doneSections = e.ok && !view.doneSections.includes(e.index) ? [...view.doneSections, e.index] : view.doneSections;
        const others = view.sections.failed.filter((f) => f.index !== e.index);
        const failed = e.ok ? others : [...others, { index: e.index, error: e.error ?? "" }];
        return { ...view, doneSections, sections: { done: doneSections.length, total: e.total, failed } };
      }
      case "module_review": {
        const chip: ModuleChip = { key: e.module, name: e.name, state: e.passed ? "passed" : "round", round: e.round };
        const violations = e.violations.length ? { ...view.violations, [e.module]: { round: e.round, items: e.violations } } : view.violations;
        return { ...view, modules: upsert(view.modules, chip), violations };
      }
      case "module_breaker": {
        const known = view.modules.find((m) => m.key === e.module);
        return { ...view, modules: upsert(view.modules, { ...(known ?? { key: e.module, name: e.module, round: e.rounds }), state: "breaker" }) };
      }
      case "module_revise":
        return { ...view, rounds: [...view.rounds, { seq: e.seq, module: e.module, round: e.round, records: e.records }] };
      case "module_rollback":
        return { ...view, rollbacks: [...view.rollbacks, { seq: e.seq, module: e.module, round: e.round, before: e.before, after: e.after }] };
      default:
        return view;
    }
  },
};

function upsert(chips: readonly ModuleChip[], chip: ModuleChip): ModuleChip[] {
  return chips.some((c) => c.key === chip.key) ? chips.map((c) => (c.key === chip.key ? chip : c)) : [...chips, chip];
}

/** The chips in the guide's pipeline order (modules not reviewed yet as pending), then any other module seen. */
export function withPipeline(view: DocgenView, pipeline: readonly string[], names: Readonly<Record<string, string>> = {}): DocgenView {
  const seen = new Map(view.modules.map((m) => [m.key, m]));
  const ordered = pipeline.map((key): ModuleChip => seen.get(key) ?? { key, name: names[key] ?? key, state: "pending", round: 0 });
  return { ...view, modules: [...ordered, ...view.modules.filter((m) => !pipeline.includes(m.key))] };
}

/** Folds a whole log (tests, and any caller holding events rather than the store's view). */
export function docgenView(events: readonly EngineEvent[], pipeline: readonly string[] = []): DocgenView {
  return withPipeline(events.reduce(docgenReducer.reduce, docgenReducer.initial()), pipeline);
}

/** The open session's docgen view (empty for another workflow's session). */
export function selectDocgen(s: AppState): DocgenFold {
  return s.current.workflow === "docgen" && s.current.workflowView ? (s.current.workflowView as DocgenFold) : EMPTY;
}

/** Violations grouped by rule id, in first-seen order. */
export function groupViolations(list: readonly DocViolation[]): Array<{ rule: string; items: DocViolation[] }> {
  const groups = new Map<string, DocViolation[]>();
  for (const v of list) groups.set(v.rule_id, [...(groups.get(v.rule_id) ?? []), v]);
  return [...groups.entries()].map(([rule, items]) => ({ rule, items }));
}
