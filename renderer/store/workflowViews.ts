import type { EngineEvent } from "../../shared/events.js";

/**
 * A workflow's own fold of its session events (the article's materials and outline, docgen's
 * module chips, paper's answers) into the state its screen reads. The core fold (`applyEvent`)
 * handles the protocol every workflow speaks and hands each event on to the open session's
 * workflow reducer, so the store names no workflow and knows no workflow's events.
 */
export interface WorkflowReducer<S = unknown> {
  /** The workflow's view before its first event. */
  initial(): S;
  /** Folds one event (core or the workflow's own) into the workflow's view; returns it unchanged when not interested. */
  reduce(state: S, event: EngineEvent): S;
  /** Own event types that also get a place in the run's timeline (`kind: "event"` entries). */
  timelineEvents?: readonly string[];
}

/**
 * What the store needs to know about the workflows, injected at store creation (the feature
 * registry provides it) so the store never imports a screen: which screen opens a session, the
 * first screen, and each workflow's reducer.
 */
export interface WorkflowViews {
  /** The screen shown first and for sessions of a workflow no feature claims. */
  defaultScreen: string;
  screenForWorkflow(workflow: string | null | undefined): string;
  reducerFor(workflow: string): WorkflowReducer | undefined;
}

/** No workflow screens: the core fold alone (store tests that do not need a workflow's view). */
export const NO_WORKFLOW_VIEWS: WorkflowViews = {
  defaultScreen: "home",
  screenForWorkflow: () => "home",
  reducerFor: () => undefined,
};
