import { ScriptoriumError } from "../../../../shared/errors.js";
import type { ArticleResume, PausePoint, Review } from "../../../../shared/workflows/article.js";
import type { LastResume } from "./state.js";

/** What the routers read; a subset of ArticleAnnotation so tests can pass plain objects. */
export interface RoutingState {
  resume: LastResume | null;
  review?: Review | null;
  revision_count?: number;
  max_revisions?: number;
}

function payloadFor(state: RoutingState, pause: PausePoint): ArticleResume {
  if (state.resume?.pause !== pause) {
    throw new ScriptoriumError("internal", `expected a resume from ${pause}, found ${state.resume?.pause ?? "none"}`);
  }
  return state.resume.payload;
}

/** PAUSE-1: `re_search` searches again, `add_material` adds the writer's own; both come back. `confirm` goes on to the outline. */
export function routeAfterMaterialPause(state: RoutingState): "research_more" | "add_material" | "writer_outline" {
  const { action } = payloadFor(state, "material_confirm");
  return action === "re_search" ? "research_more" : action === "add_material" ? "add_material" : "writer_outline";
}

/** PAUSE-2: `re_outline` re-plans with the feedback; `confirm` (edited or not) drafts. */
export function routeAfterOutlinePause(state: RoutingState): "writer_outline" | "writer_draft" {
  return payloadFor(state, "outline_confirm").action === "re_outline" ? "writer_outline" : "writer_draft";
}

/**
 * The action at PAUSE-3 or PAUSE-4 (after any hand edit was stored): finalize / force_finalize end;
 * to_editor reviews; every revision (user_revise, regenerate_section, accept_review, custom_revise)
 * goes to the writer — whose draft then always comes back to PAUSE-3, as the brief draws it.
 */
export function routeDraftAction(state: RoutingState): "finalize" | "writer_draft" | "editor" {
  if (state.resume?.pause === "review_confirm") return state.resume.payload.action === "force_finalize" ? "finalize" : "writer_draft";
  const { action } = payloadFor(state, "draft_confirm");
  if (action === "finalize") return "finalize";
  if (action === "to_editor") return "editor";
  return "writer_draft";
}

/** PAUSE-3: an `edited_draft` is stored as a version first; then the action applies to it. */
export function routeAfterDraftPause(state: RoutingState): "apply_manual_edit" | "finalize" | "writer_draft" | "editor" {
  return payloadFor(state, "draft_confirm").edited_draft !== undefined ? "apply_manual_edit" : routeDraftAction(state);
}

/**
 * After the editor: pass → PAUSE-3; reject below the cap → PAUSE-4; reject at the cap → PAUSE-3
 * (the editor node has set force_accepted_after).
 */
export function routeAfterEditor(state: RoutingState): "pause_draft" | "pause_review" {
  if (!state.review || state.review.verdict === "pass") return "pause_draft";
  return (state.revision_count ?? 0) < (state.max_revisions ?? 3) ? "pause_review" : "pause_draft";
}

/** PAUSE-4: a hand edit is stored first; `force_finalize` ends; `accept_review` and `custom_revise` send the writer back. */
export function routeAfterReviewPause(state: RoutingState): "apply_manual_edit" | "finalize" | "writer_draft" {
  const payload = payloadFor(state, "review_confirm");
  if (payload.edited_draft !== undefined) return "apply_manual_edit";
  return payload.action === "force_finalize" ? "finalize" : "writer_draft";
}
