import { WORKFLOW_CONTRACTS } from "../../shared/workflows/registry.js";
import type { WorkflowWire } from "../../shared/workflows/contract.js";

/** A workflow served under `/api/<route>/…`. */
export interface WorkflowRoute {
  /** The workflow id `run.start` receives. */
  workflow: string;
  /** The path segment: `/api/<route>/start | {id}/stream | {id}/resume | {id}/state | {id}/versions | health`. */
  route: string;
  /** The contract's `wire`: another client's names on these routes only (the article: the product brief's). */
  wire?: WorkflowWire | undefined;
}

/**
 * The HTTP route table of the built-in workflows, from their contracts' `route` (`ai-writing` is the
 * product brief's name for the article). An engine that serves other workflows reports its own
 * (`Engine.workflowRoutes`), and the server uses that.
 */
export const WORKFLOW_ROUTES: readonly WorkflowRoute[] = Object.values(WORKFLOW_CONTRACTS).map((c) => ({ workflow: c.id, route: c.route, wire: c.wire }));
