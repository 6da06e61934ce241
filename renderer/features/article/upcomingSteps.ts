import type { TimelineEntry } from "../../store/sessionView.js";

/** The article's path as the brief draws it: agent steps and the four pauses, in order. */
export const ARTICLE_PLAN = [
  { id: "intent_parser", agent: "system" },
  { id: "researcher_keywords", agent: "researcher" },
  { id: "researcher_search", agent: "researcher" },
  { id: "researcher_rank", agent: "researcher" },
  { id: "material_confirm", agent: "user" },
  { id: "writer_outline", agent: "writer" },
  { id: "outline_confirm", agent: "user" },
  { id: "writer_draft", agent: "writer" },
  { id: "draft_confirm", agent: "user" },
  { id: "editor", agent: "editor" },
  { id: "finalize", agent: "system" },
] as const;

export type PlannedStep = (typeof ARTICLE_PLAN)[number];

/**
 * The planned steps after the furthest one the run has reached (a step or a pause in the timeline);
 * nothing once the run has finalized. Loops (re_search, revisions) never move the mark back.
 */
export function upcomingSteps(timeline: readonly TimelineEntry[], finished: boolean): PlannedStep[] {
  if (finished) return [];
  let reached = -1;
  for (const entry of timeline) {
    const id = entry.kind === "step" ? entry.step : entry.kind === "pause" ? entry.pausePoint : null;
    const index = id === "review_confirm" ? ARTICLE_PLAN.findIndex((p) => p.id === "editor") : ARTICLE_PLAN.findIndex((p) => p.id === id);
    if (index > reached) reached = index;
  }
  return ARTICLE_PLAN.slice(reached + 1);
}
