import { PAUSE_ACTIONS } from "../../../../shared/article.js";
import type { PauseContext, PausePoint } from "../../../../shared/article.js";
import type { PauseRequest } from "../WorkflowDefinition.js";
import type { ArticleStateValues } from "./state.js";

/** The article's PauseRequest: context is a `PauseContext` with what the pause's card shows. Pure. */
export function buildPauseRequest(pause: PausePoint, state: ArticleStateValues): PauseRequest & { context: PauseContext } {
  const allowed = [...PAUSE_ACTIONS[pause]];
  const context: PauseContext = { pause_point: pause, allowed_actions: allowed, revision_count: state.revision_count };
  switch (pause) {
    case "material_confirm":
      context.materials = state.materials;
      break;
    case "outline_confirm":
      if (state.outline) context.outline = state.outline;
      context.materials = state.materials.filter((m) => state.approved_material_ids?.includes(m.id));
      break;
    case "draft_confirm":
    case "review_confirm":
      context.draft = state.draft;
      if (state.draft_version !== null) context.version = state.draft_version;
      if (state.review) context.review = state.review;
      if (pause === "draft_confirm" && state.force_accepted_after !== null) context.force_accepted_after = state.force_accepted_after;
      break;
  }
  return { pausePoint: pause, allowedActions: allowed, context };
}
