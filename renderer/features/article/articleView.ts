import type { EngineEvent } from "../../../shared/events.js";
import type { StepText } from "../../../shared/coreEvents.js";
import type { Material } from "../../../shared/knowledge.js";
import type { Outline, PauseContext, Review } from "../../../shared/workflows/article.js";
import type { AppState } from "../../store/types.js";
import type { PauseEntry } from "../../store/sessionView.js";
import type { WorkflowReducer } from "../../store/workflowViews.js";

/** What the studio shows beyond the core view: the article's own events, folded. */
export interface ArticleView {
  materials: Material[];
  keywords: string[];
  materialsSummary: string | null;
  /** The summary as the UI's message (`article.summary.*`), when the engine sent one. */
  materialsSummaryText: StepText | null;
  outline: Outline | null;
  /** The outline as the user edited and confirmed it at the outline pause (null: confirmed as the model planned it). */
  confirmedOutline: Outline | null;
  review: Review | null;
}

const EMPTY: ArticleView = {
  materials: [],
  keywords: [],
  materialsSummary: null,
  materialsSummaryText: null,
  outline: null,
  confirmedOutline: null,
  review: null,
};

/** The article's reducer (registered by `articleFeature`); `review_ready` also shows in the timeline. */
export const articleReducer: WorkflowReducer<ArticleView> = {
  initial: () => EMPTY,
  timelineEvents: ["review_ready"],
  reduce(state, event: EngineEvent) {
    switch (event.type) {
      case "materials_ready":
        return {
          ...state,
          materials: event.materials,
          keywords: event.keywords,
          materialsSummary: event.summary,
          materialsSummaryText: event.summaryText ?? null,
        };
      case "outline_ready":
        return { ...state, outline: event.outline, confirmedOutline: null };
      case "outline_confirmed":
        return { ...state, outline: event.outline, confirmedOutline: event.outline };
      case "review_ready":
        return { ...state, review: event.review };
      default:
        return state;
    }
  },
};

/** The open session's article view (empty for another workflow's session). */
export function selectArticle(s: AppState): ArticleView {
  return s.current.workflow === "article" && s.current.workflowView ? (s.current.workflowView as ArticleView) : EMPTY;
}

/** A pause's context as the article's contract declares it. */
export function articleContext(pause: PauseEntry): Partial<PauseContext> {
  return pause.context as Partial<PauseContext>;
}
