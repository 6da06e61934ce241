import type { MethodName } from "../../../shared/api.js";
import type { MethodContext, WorkflowRegistry } from "../workflows/WorkflowDefinition.js";

/**
 * Every registered workflow's own methods under their full names (`paper.import` …), from each
 * definition's `methods(services, context)`. A method its contract declares but its definition
 * does not serve is a build error, reported here at engine start.
 */
export function workflowHandlers(
  registry: WorkflowRegistry,
  servicesOf: (workflowId: string) => unknown,
  context: MethodContext,
): Partial<Record<MethodName, (input: unknown) => Promise<unknown>>> {
  const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const definition of Object.values(registry)) {
    const declared = Object.keys(definition.contract.methods ?? {});
    if (!declared.length) continue;
    const served = (definition.methods?.(servicesOf(definition.id), context) ?? {}) as Record<string, (input: unknown) => Promise<unknown>>;
    for (const name of declared) {
      const handler = served[name];
      if (!handler) throw new Error(`Workflow ${definition.id} declares method ${name} but its definition serves none.`);
      handlers[`${definition.id}.${name}`] = handler;
    }
  }
  return handlers;
}
