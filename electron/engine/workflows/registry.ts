import type { WorkflowId } from "../../../shared/api.js";
import { articleWorkflow } from "./article/definition.js";
import { chatWorkflow } from "./chat/definition.js";
import { docgenWorkflow } from "./docgen/definition.js";
import { paperWorkflow } from "./paper/definition.js";
import type { WorkflowDefinition } from "./WorkflowDefinition.js";

/** Every workflow the runner can start, by id; TypeScript insists each `WorkflowId` has one. */
export const WORKFLOW_REGISTRY: Record<WorkflowId, WorkflowDefinition<any, any, any>> = {
  chat: chatWorkflow,
  article: articleWorkflow,
  docgen: docgenWorkflow,
  paper: paperWorkflow,
};
