import type { EngineEvent } from "../../../shared/events.js";
import type { PaperAnswer } from "../../../shared/workflows/paper.js";
import type { AppState } from "../../store/types.js";
import type { WorkflowReducer } from "../../store/workflowViews.js";

export type StageName = "extraction" | "analysis" | "synthesis";

/** What the paper screen reads of its session's events: the answers, and the deep-read stages since the last one. */
export interface PaperView {
  answers: PaperAnswer[];
  /** Stages of the deep read under way (cleared by its `paper_answer`). */
  liveStages: Partial<Record<StageName, string>>;
}

const EMPTY: PaperView = { answers: [], liveStages: {} };

/** Paper's reducer (registered by `paperFeature`). */
export const paperReducer: WorkflowReducer<PaperView> = {
  initial: () => EMPTY,
  reduce(view, event: EngineEvent) {
    switch (event.type) {
      case "paper_answer":
        return { answers: [...view.answers, event.answer], liveStages: {} };
      case "deep_read_stage":
        return { ...view, liveStages: { ...view.liveStages, [event.stage]: event.text } };
      default:
        return view;
    }
  },
};

/** The open session's paper view (empty for another workflow's session). */
export function selectPaper(s: AppState): PaperView {
  return s.current.workflow === "paper" && s.current.workflowView ? (s.current.workflowView as PaperView) : EMPTY;
}
