import type { NamespaceMigrations } from "../storage/namespaceMigrations.js";
import type { WorkflowDefinition } from "./WorkflowDefinition.js";

/** Each workflow's declared tables as a migration set in the namespace of its id, in registry order. */
export function workflowMigrations(registry: Readonly<Record<string, WorkflowDefinition<any, any, any> | undefined>>): NamespaceMigrations[] {
  return Object.values(registry).flatMap((definition) => (definition?.migrations ? [{ namespace: definition.id, steps: definition.migrations }] : []));
}
