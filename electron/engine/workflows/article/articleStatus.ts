import type { WorkflowStatusInput } from "../WorkflowDefinition.js";
import type { ArticleStateValues } from "./state.js";

/** The brief's status words for `GET /api/ai-writing/{id}/state`. */
export const ARTICLE_STATUSES = [
  "researching",
  "awaiting_material_confirm",
  "outlining",
  "awaiting_outline_confirm",
  "writing",
  "awaiting_draft_confirm",
  "reviewing",
  "awaiting_review_confirm",
  "revising",
  "done",
  "error",
] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/**
 * Where an article session stands, in the brief's words: a pause is `awaiting_<pause>`; a running
 * session is in the phase its last resume started (nothing resumed yet: researching). Cancelled
 * and interrupted sessions read as `error` (the brief has no other end state).
 */
export function articleStatus(values: Partial<ArticleStateValues>, session: WorkflowStatusInput): ArticleStatus {
  switch (session.status) {
    case "done":
      return "done";
    case "error":
    case "cancelled":
    case "interrupted":
      return "error";
    case "paused":
      return session.pausePoint ? (`awaiting_${session.pausePoint}` as ArticleStatus) : "researching";
    case "running":
      break;
  }
  const resume = values.resume;
  if (!resume) return "researching";
  const { action } = resume.payload;
  switch (resume.pause) {
    case "material_confirm":
      return action === "re_search" ? "researching" : "outlining";
    case "outline_confirm":
      return action === "re_outline" ? "outlining" : "writing";
    case "draft_confirm":
      return action === "to_editor" ? "reviewing" : action === "user_revise" ? "revising" : "done";
    case "review_confirm":
      return action === "force_finalize" ? "done" : "revising";
  }
}
