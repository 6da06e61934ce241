import { ScriptoriumError } from "../../../shared/errors.js";
import type { Checkpointer } from "../storage/Checkpointer.js";
import type { CompiledWorkflowGraph, WorkflowDefinition, WorkflowRegistry } from "../workflows/WorkflowDefinition.js";

/** What the graphs are built from: the registry, each workflow's services and the checkpointer. */
export interface WorkflowGraphsOptions {
  registry: WorkflowRegistry;
  servicesOf(workflowId: string): unknown;
  checkpointer: Checkpointer;
}

/** The runner's workflow definitions by id and their compiled graphs, each built once on first use. */
export class WorkflowGraphs {
  private readonly graphs = new Map<string, CompiledWorkflowGraph>();

  constructor(private readonly opts: WorkflowGraphsOptions) {}

  /** The definition of `workflow`; `unavailable` when this build has none. */
  definition(workflow: string): WorkflowDefinition<any, any, any> {
    const definition = this.opts.registry[workflow];
    if (!definition) throw new ScriptoriumError("unavailable", `Workflow "${workflow}" is not available in this build.`);
    return definition;
  }

  /** The definition's graph, compiled with its services and the checkpointer on first use. */
  graph(definition: WorkflowDefinition<any, any, any>): CompiledWorkflowGraph {
    let graph = this.graphs.get(definition.id);
    if (!graph) {
      graph = definition.build(this.opts.servicesOf(definition.id), this.opts.checkpointer.saver);
      this.graphs.set(definition.id, graph);
    }
    return graph;
  }
}
