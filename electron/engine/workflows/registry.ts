import type { WorkflowId } from "../../../shared/api.js";
import { articleWorkflow } from "./article/definition.js";
import { chatWorkflow } from "./chat/definition.js";
import type { WorkflowDefinition } from "./WorkflowDefinition.js";

/**
 * Every workflow the runner can start, by id. Partial while a workflow is being built: starting a
 * missing one is an `unavailable` error, not a crash.
 */
export const WORKFLOW_REGISTRY: Partial<Record<WorkflowId, WorkflowDefinition<any>>> = {
  chat: chatWorkflow,
  article: articleWorkflow,
};
