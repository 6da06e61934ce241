import { ScriptoriumError } from "../../../../shared/errors.js";
import type { ArticleResume, PausePoint, Review } from "../../../../shared/article.js";
import type { LastResume } from "./state.js";

/** What the routers read; a subset of ArticleState so tests can pass plain objects. */
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

/** PAUSE-1: `re_search` searches the extra keywords and comes back; `confirm` goes on to the outline. */
export function routeAfterMaterialPause(state: RoutingState): "research_more" | "writer_outline" {
  return payloadFor(state, "material_confirm").action === "re_search" ? "research_more" : "writer_outline";
}

/** PAUSE-2: `re_outline` re-plans with the feedback; `confirm` (edited or not) drafts. */
export function routeAfterOutlinePause(state: RoutingState): "writer_outline" | "writer_draft" {
  return payloadFor(state, "outline_confirm").action === "re_outline" ? "writer_outline" : "writer_draft";
}

/**
 * After the writer drafted: a revision asked for at PAUSE-4 (accept_review / custom_revise) goes
 * back to the editor — that is the bounded review loop; every other draft goes to PAUSE-3.
 */
export function routeAfterWriterDraft(state: RoutingState): "editor" | "pause_draft" {
  return state.resume?.pause === "review_confirm" ? "editor" : "pause_draft";
}

/** PAUSE-3 after any hand edit was stored: the action itself. */
export function routeDraftAction(state: RoutingState): "finalize" | "writer_draft" | "editor" {
  const { action } = payloadFor(state, "draft_confirm");
  if (action === "finalize") return "finalize";
  if (action === "user_revise") return "writer_draft";
  return "editor";
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

/** PAUSE-4: `force_finalize` ends; `accept_review` and `custom_revise` send the writer back. */
export function routeAfterReviewPause(state: RoutingState): "finalize" | "writer_draft" {
  return payloadFor(state, "review_confirm").action === "force_finalize" ? "finalize" : "writer_draft";
}
