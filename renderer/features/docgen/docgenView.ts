import type { EngineEvent } from "../../../shared/events.js";
import type { DocOutline, DocViolation, ReplacementRecordView } from "../../../shared/workflows/docgen.js";

/** A scan step as the timeline shows it. */
export interface ScanStepView {
  seq: number;
  tool: string;
  args: Record<string, unknown>;
  ok: boolean;
  summary: string;
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

type Ev = EngineEvent & Record<string, any>;

/** Fold the docgen events (scan_step, doc_outline_ready, section_done, module_*) into the screen's view. */
export function docgenView(events: readonly EngineEvent[], pipeline: readonly string[] = []): DocgenView {
  const view: DocgenView = { scan: [], links: [], outline: null, sections: { done: 0, total: 0, failed: [] }, modules: [], violations: {}, rounds: [], rollbacks: [] };
  const chips = new Map<string, ModuleChip>(pipeline.map((key) => [key, { key, name: key, state: "pending", round: 0 }]));
  const doneSections = new Set<number>();
  for (const raw of events) {
    const e = raw as Ev;
    switch (e.type as string) {
      case "scan_step":
        view.scan.push({ seq: e.seq, tool: e.tool, args: e.args ?? {}, ok: e.ok, summary: e.summary });
        break;
      case "link_checked":
        view.links.push({ seq: e.seq, url: e.url, status: e.status, detail: e.detail });
        break;
      case "doc_outline_ready":
        view.outline = { outline: e.outline, cached: e.cached };
        view.sections = { done: 0, total: e.outline.sections.length, failed: [] };
        doneSections.clear();
        break;
      case "section_done":
        view.sections.total = e.total;
        if (e.ok) {
          doneSections.add(e.index);
          view.sections.failed = view.sections.failed.filter((f) => f.index !== e.index);
        } else view.sections.failed = [...view.sections.failed.filter((f) => f.index !== e.index), { index: e.index, error: e.error ?? "" }];
        view.sections.done = doneSections.size;
        break;
      case "module_review": {
        const chip = chips.get(e.module) ?? { key: e.module, name: e.name, state: "pending" as const, round: 0 };
        chip.name = e.name;
        chip.round = e.round;
        chip.state = e.passed ? "passed" : "round";
        chips.set(e.module, chip);
        if (e.violations.length) view.violations[e.module] = { round: e.round, items: e.violations };
        break;
      }
      case "module_breaker": {
        const chip = chips.get(e.module);
        if (chip) chip.state = "breaker";
        break;
      }
      case "module_revise":
        view.rounds.push({ seq: e.seq, module: e.module, round: e.round, records: e.records });
        break;
      case "module_rollback":
        view.rollbacks.push({ seq: e.seq, module: e.module, round: e.round, before: e.before, after: e.after });
        break;
      default:
        break;
    }
  }
  view.modules = [...chips.values()];
  return view;
}

/** Violations grouped by rule id, in first-seen order. */
export function groupViolations(list: readonly DocViolation[]): Array<{ rule: string; items: DocViolation[] }> {
  const groups = new Map<string, DocViolation[]>();
  for (const v of list) groups.set(v.rule_id, [...(groups.get(v.rule_id) ?? []), v]);
  return [...groups.entries()].map(([rule, items]) => ({ rule, items }));
}
