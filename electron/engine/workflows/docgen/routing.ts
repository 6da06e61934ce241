import type { DocgenState } from "./state.js";

/** Pure routers of the docgen graph; each returns a literal node name (unit-tested). */

export type ProcessNode = "process_text" | "process_notes" | "scan_code";
const PROCESS: Record<DocgenState["input_mode"], ProcessNode> = { text: "process_text", notes: "process_notes", code: "scan_code" };

/** The next review node, or finalize after the last module. */
export function reviewTarget(state: Pick<DocgenState, "review_pipeline" | "current_review_index">): `review_${string}` | "finalize" {
  const key = state.review_pipeline[state.current_review_index];
  return key === undefined ? "finalize" : `review_${key}`;
}

/** After setup: a draft already in hand (review-only, or draft_wip.md of a resumed run) goes to the review; otherwise by input_mode. */
export function routeEntry(state: DocgenState): ProcessNode | ReturnType<typeof reviewTarget> {
  return state.current_draft ? reviewTarget(state) : PROCESS[state.input_mode];
}

export function routeAfterOutline(state: DocgenState): "pause_outline" | "write_sections" {
  return state.confirm_outline ? "pause_outline" : "write_sections";
}

export function routeAfterOutlinePause(state: DocgenState): "generate_draft" | "write_sections" {
  return state.resume?.payload.action === "regenerate" ? "generate_draft" : "write_sections";
}

/** Failed sections pause for a regenerate only in interactive runs; otherwise the review starts. */
export function routeAfterSections(state: DocgenState): "pause_sections" | ReturnType<typeof reviewTarget> {
  return state.confirm_outline && state.failed_sections.length ? "pause_sections" : reviewTarget(state);
}

export function routeAfterSectionsPause(state: DocgenState): "regenerate_section" | ReturnType<typeof reviewTarget> {
  return state.resume?.payload.action === "regenerate_section" ? "regenerate_section" : reviewTarget(state);
}

/** fail → this module's revise; pass / breaker → the next module's review (the last → finalize → END). */
export function routeAfterReview(moduleKey: string) {
  return (state: DocgenState): `revise_${string}` | ReturnType<typeof reviewTarget> => (state.verdict === "fail" ? `revise_${moduleKey}` : reviewTarget(state));
}
