import { describe, expect, it } from "vitest";
import { DocgenAnnotation, type DocgenState } from "./state.js";
import { reviewTarget, routeAfterOutline, routeAfterOutlinePause, routeAfterReview, routeAfterSections, routeAfterSectionsPause, routeEntry } from "./routing.js";
import { sectionWorkers } from "./nodes/writeSections.js";

/** A state with every field at its default, plus the given ones. */
function state(fields: Partial<DocgenState>): DocgenState {
  const defaults = Object.fromEntries(
    Object.entries(DocgenAnnotation.spec).map(([k, ch]) => [k, (ch as unknown as { initialValueFactory?: () => unknown }).initialValueFactory?.()]),
  );
  return { ...defaults, ...fields } as DocgenState;
}

describe("docgen routers", () => {
  const pipeline = ["a", "b"];
  it("entry: by input_mode, or straight to the review when a draft is in hand", () => {
    expect(routeEntry(state({ input_mode: "text" }))).toBe("process_text");
    expect(routeEntry(state({ input_mode: "notes" }))).toBe("process_notes");
    expect(routeEntry(state({ input_mode: "code" }))).toBe("scan_code");
    expect(routeEntry(state({ current_draft: "# x", review_pipeline: pipeline, current_review_index: 1 }))).toBe("review_b");
    expect(routeEntry(state({ current_draft: "# x", review_pipeline: pipeline, current_review_index: 2 }))).toBe("finalize");
  });
  it("outline and sections pauses only in interactive runs", () => {
    expect(routeAfterOutline(state({ confirm_outline: true }))).toBe("pause_outline");
    expect(routeAfterOutline(state({}))).toBe("write_sections");
    expect(routeAfterOutlinePause(state({ resume: { pause: "outline_confirm", payload: { action: "regenerate" } } }))).toBe("generate_draft");
    expect(routeAfterOutlinePause(state({ resume: { pause: "outline_confirm", payload: { action: "confirm" } } }))).toBe("write_sections");
    expect(routeAfterSections(state({ confirm_outline: true, failed_sections: [1], review_pipeline: pipeline }))).toBe("pause_sections");
    expect(routeAfterSections(state({ failed_sections: [1], review_pipeline: pipeline }))).toBe("review_a");
    expect(routeAfterSectionsPause(state({ resume: { pause: "sections_failed", payload: { action: "regenerate_section", index: 1 } } }))).toBe("regenerate_section");
    expect(routeAfterSectionsPause(state({ resume: { pause: "sections_failed", payload: { action: "continue" } }, review_pipeline: pipeline }))).toBe("review_a");
  });
  it("review: fail → its revise; pass / breaker → the next module, then finalize", () => {
    expect(routeAfterReview("a")(state({ verdict: "fail", review_pipeline: pipeline }))).toBe("revise_a");
    expect(routeAfterReview("a")(state({ verdict: "pass", review_pipeline: pipeline, current_review_index: 1 }))).toBe("review_b");
    expect(routeAfterReview("b")(state({ verdict: "breaker", review_pipeline: pipeline, current_review_index: 2 }))).toBe("finalize");
    expect(reviewTarget({ review_pipeline: [], current_review_index: 0 })).toBe("finalize");
  });
  it("section workers: max(1, ceil(n/3)) capped by the pool", () => {
    expect([1, 3, 4, 6, 7, 12].map((n) => sectionWorkers(n, 8))).toEqual([1, 1, 2, 2, 3, 4]);
    expect(sectionWorkers(12, 2)).toBe(2);
    expect(sectionWorkers(5, 0)).toBe(1);
  });
});
