import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { CompiledWorkflowGraph } from "../WorkflowDefinition.js";
import type { DocgenDeps } from "./DocgenDeps.js";
import { buildDocgenGraph, type GraphModule } from "./graph.js";

/** Compiled graphs kept per distinct module list (guides in use are few; this bounds a long-running app). */
const MAX_GRAPHS = 32;

/**
 * The docgen graph the runner sees: one compiled LangGraph per guide's module list, so every run's
 * flattened review/revise nodes are those of the guide it picked (any guide, any modules). A new
 * run's graph comes from the `guide_modules` of its initial state; a resumed, retried or
 * redirected one's from the same field in its checkpoint (absent in sessions older than the guide
 * library: they ran on the built-in guide).
 */
export class GuideGraphs implements CompiledWorkflowGraph {
  private readonly graphs = new Map<string, CompiledWorkflowGraph>();

  constructor(
    private readonly deps: DocgenDeps,
    private readonly checkpointer: BaseCheckpointSaver,
    private readonly defaultModules: () => GraphModule[],
  ) {}

  async stream(input: unknown, options: Record<string, unknown>): Promise<AsyncIterable<unknown>> {
    const initial = modulesIn(input);
    const graph = this.graphFor(initial ?? (await this.modulesOf(options)));
    return graph.stream(input, options);
  }

  async getState(config: Record<string, unknown>) {
    return this.graphFor(await this.modulesOf(config)).getState(config);
  }

  /** The compiled graph for one module list (built on first use). */
  graphFor(modules: readonly GraphModule[]): CompiledWorkflowGraph {
    const list = modules.length ? modules : this.defaultModules();
    const key = list.map((m) => `${m.id}\u0001${m.name}`).join("\u0000");
    let graph = this.graphs.get(key);
    if (!graph) {
      if (this.graphs.size >= MAX_GRAPHS) this.graphs.delete(this.graphs.keys().next().value!);
      graph = buildDocgenGraph(this.deps, list, this.checkpointer) as unknown as CompiledWorkflowGraph;
      this.graphs.set(key, graph);
    }
    return graph;
  }

  private async modulesOf(config: Record<string, unknown>): Promise<GraphModule[]> {
    const configurable = (config.configurable ?? {}) as { thread_id?: string };
    if (!configurable.thread_id) return this.defaultModules();
    const tuple = await this.checkpointer.getTuple({ configurable: { thread_id: configurable.thread_id } });
    return modulesIn(tuple?.checkpoint.channel_values) ?? this.defaultModules();
  }
}

/** `guide_modules` of a state object, when it has a non-empty one. */
function modulesIn(values: unknown): GraphModule[] | null {
  if (!values || typeof values !== "object" || Array.isArray(values)) return null;
  const list = (values as { guide_modules?: unknown }).guide_modules;
  if (!Array.isArray(list) || !list.length) return null;
  return list.filter((m): m is GraphModule => !!m && typeof (m as GraphModule).id === "string" && typeof (m as GraphModule).name === "string");
}
