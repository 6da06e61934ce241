import { describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../shared/events.js";
import { docgenView, groupViolations } from "./docgenView.js";

const ev = (seq: number, type: string, fields: Record<string, unknown>) => ({ seq, sessionId: "s", ts: "t", type, ...fields }) as unknown as EngineEvent;

describe("docgenView", () => {
  it("folds scan steps, outline, sections, module chips, violations and rounds", () => {
    const v = docgenView(
      [
        ev(1, "scan_step", { index: 0, tool: "search_keyword", args: { query: "run" }, ok: true, summary: "2 hits" }),
        ev(2, "doc_outline_ready", { outline: { title: "T", sections: [{ title: "a", scope: "" }, { title: "b", scope: "" }] }, cached: false }),
        ev(3, "section_done", { index: 1, total: 2, ok: false, error: "boom", cached: false }),
        ev(4, "section_done", { index: 0, total: 2, ok: true, cached: false }),
        ev(5, "module_review", { module: "m1", name: "模块一", round: 0, violations: [{ rule_id: "6.1", line: 3, excerpt: "", comment: "x", source: "model", repeated: false }], passed: false, rejected: 0 }),
        ev(6, "module_revise", { module: "m1", round: 1, records: [], fixed: 0 }),
        ev(7, "module_review", { module: "m1", name: "模块一", round: 1, violations: [], passed: true, rejected: 0 }),
        ev(8, "module_review", { module: "m2", name: "模块二", round: 3, violations: [], passed: false, rejected: 0 }),
        ev(9, "module_breaker", { module: "m2", rounds: 3, remaining: 1, comment: "【熔断放行】" }),
      ],
      ["m1", "m2", "m3"],
    );
    expect(v.scan).toHaveLength(1);
    expect(v.sections).toEqual({ done: 1, total: 2, failed: [{ index: 1, error: "boom" }] });
    expect(v.modules.map((m) => [m.key, m.state, m.round])).toEqual([["m1", "passed", 1], ["m2", "breaker", 3], ["m3", "pending", 0]]);
    expect(v.rounds).toHaveLength(1);
    // A passed module keeps the violations of the round that found them.
    expect(v.violations.m1).toMatchObject({ round: 0, items: [{ rule_id: "6.1", line: 3 }] });
    expect(groupViolations([{ rule_id: "2.1", line: 1 }, { rule_id: "6.1", line: 2 }, { rule_id: "2.1", line: 5 }] as never).map((g) => [g.rule, g.items.length])).toEqual([["2.1", 2], ["6.1", 1]]);
  });

  it("folds link notes in order", () => {
    const v = docgenView([ev(1, "link_checked", { url: "http://127.0.0.1/a", status: "fetched", detail: "12 characters" }), ev(2, "link_checked", { url: "https://x.example", status: "refused", detail: "offline rule" })]);
    expect(v.links.map((l) => [l.url, l.status])).toEqual([
      ["http://127.0.0.1/a", "fetched"],
      ["https://x.example", "refused"],
    ]);
  });
});
