import { BRIEF_WRITING_STATUSES } from "../../../../shared/workflows/article/articleBrief.js";
import type { BriefWritingStatus } from "../../../../shared/workflows/article/articleBrief.js";
import type { WorkflowStatusInput } from "../WorkflowDefinition.js";
import type { ArticleState } from "./state.js";

/** The brief's status words (its `WritingStatus`) for `GET /api/ai-writing/{id}/state`. */
export const ARTICLE_STATUSES = BRIEF_WRITING_STATUSES;
export type ArticleStatus = BriefWritingStatus;

/**
 * Where an article session stands, in the brief's words: a pause is `awaiting_<pause>`; a running
 * session is in the phase its last resume started (nothing resumed yet: researching). Actions the
 * brief does not have read as the phase they run: `add_material` is research (it returns to
 * PAUSE-1), `regenerate_section` is a revision. Cancelled and interrupted sessions read as `error`
 * (the brief has no other end state).
 */
export function articleStatus(values: Partial<ArticleState>, session: WorkflowStatusInput): ArticleStatus {
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
      return action === "confirm" ? "writing_outline" : "researching";
    case "outline_confirm":
      return action === "re_outline" ? "writing_outline" : "writing_draft";
    case "draft_confirm":
      return action === "to_editor" ? "reviewing" : action === "finalize" ? "done" : "revising";
    case "review_confirm":
      return action === "force_finalize" ? "done" : "revising";
  }
}
