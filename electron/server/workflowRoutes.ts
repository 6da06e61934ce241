import { WORKFLOW_CONTRACTS } from "../../shared/workflows/registry.js";

/** A workflow served under `/api/<route>/…`. */
export interface WorkflowRoute {
  /** The workflow id `run.start` receives. */
  workflow: string;
  /** The path segment: `/api/<route>/start | {id}/stream | {id}/resume | {id}/state | {id}/versions | health`. */
  route: string;
}

/**
 * The HTTP route table of the workflows: one line per workflow. `ai-writing` is the product brief's
 * name for the article. A new workflow adds its line here (its contract's `route`).
 */
export const WORKFLOW_ROUTES: readonly WorkflowRoute[] = [
  { workflow: WORKFLOW_CONTRACTS.article.id, route: WORKFLOW_CONTRACTS.article.route },
  { workflow: WORKFLOW_CONTRACTS.chat.id, route: WORKFLOW_CONTRACTS.chat.route },
  { workflow: WORKFLOW_CONTRACTS.docgen.id, route: WORKFLOW_CONTRACTS.docgen.route },
  { workflow: WORKFLOW_CONTRACTS.paper.id, route: WORKFLOW_CONTRACTS.paper.route },
];
