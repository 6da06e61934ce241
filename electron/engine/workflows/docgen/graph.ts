import { END, START, StateGraph } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { DocgenDeps } from "./DocgenDeps.js";
import { fetchLinksNode } from "./nodes/fetchLinks.js";
import { finalizeNode } from "./nodes/finalize.js";
import { generateDraftNode } from "./nodes/generateDraft.js";
import { processNotesNode } from "./nodes/processNotes.js";
import { regenerateFinishedNode } from "./nodes/regenerateFinished.js";
import { processTextNode } from "./nodes/processText.js";
import { reviewModuleNode } from "./nodes/reviewModule.js";
import { reviseModuleNode } from "./nodes/reviseModule.js";
import { scanCodeNode } from "./nodes/scanCode.js";
import { searchSourcesNode } from "./nodes/searchSources.js";
import { setupNode } from "./nodes/setup.js";
import { regenerateSectionNode, writeSectionsNode } from "./nodes/writeSections.js";
import { pauseNode } from "./pauses.js";
import { routeAfterOutline, routeAfterOutlinePause, routeAfterReview, routeAfterSections, routeAfterSectionsPause, routeEntry } from "./routing.js";
import { DocgenAnnotation } from "./state.js";

/** A module of the run's guide: its key (node names `review_<key>` / `revise_<key>`) and name. */
export interface GraphModule {
  id: string;
  name: string;
}

/**
 * The docgen graph. Wiring only:
 * setup → process_text | process_notes | scan_code → search_sources (a scoped run's library passages) → fetch_links →
 * generate_draft (outline) → [pause_outline] →
 * write_sections → [pause_sections ⇄ regenerate_section] → review_<m1> ⇄ revise_<m1> → review_<m2> …
 * → finalize → END. The review/revise pairs are registered from the run's guide's modules, flat, so
 * every module is a visible node of the graph (and of its Mermaid drawing); GuideGraphs keeps one
 * compiled graph per guide.
 */
export function buildDocgenGraph(deps: DocgenDeps, modules: readonly GraphModule[], checkpointer?: BaseCheckpointSaver) {
  const keys = modules.map((m) => m.id);
  const reviewNodes = keys.map((k) => `review_${k}`);
  const afterDraft = [...reviewNodes, "finalize"];
  // Node names are built from the guide at run time, so the builder is typed loosely here.
  const g = new StateGraph(DocgenAnnotation) as unknown as LooseGraph;
  g.addNode("setup", setupNode({ ...deps, graphModuleKeys: keys }))
    .addNode("process_text", processTextNode())
    .addNode("process_notes", processNotesNode())
    .addNode("scan_code", scanCodeNode(deps))
    .addNode("search_sources", searchSourcesNode(deps))
    .addNode("fetch_links", fetchLinksNode(deps))
    .addNode("generate_draft", generateDraftNode(deps))
    .addNode("pause_outline", pauseNode("outline_confirm"))
    .addNode("write_sections", writeSectionsNode(deps))
    .addNode("pause_sections", pauseNode("sections_failed"))
    .addNode("regenerate_section", regenerateSectionNode(deps))
    .addNode("regenerate_finished", regenerateFinishedNode(deps))
    // `ends`: a finished run may be sent (redirected) to regenerate_finished; LangGraph wants every node reachable.
    .addNode("finalize", finalizeNode(), { ends: ["regenerate_finished"] });
  for (const m of modules) g.addNode(`review_${m.id}`, reviewModuleNode({ ...deps, module: m })).addNode(`revise_${m.id}`, reviseModuleNode({ ...deps, module: m }));
  g.addEdge(START, "setup")
    .addConditionalEdges("setup", routeEntry, ["process_text", "process_notes", "scan_code", ...afterDraft])
    .addEdge("process_text", "search_sources")
    .addEdge("process_notes", "search_sources")
    .addEdge("scan_code", "search_sources")
    .addEdge("search_sources", "fetch_links")
    .addEdge("fetch_links", "generate_draft")
    .addConditionalEdges("generate_draft", routeAfterOutline, ["pause_outline", "write_sections"])
    .addConditionalEdges("pause_outline", routeAfterOutlinePause, ["generate_draft", "write_sections"])
    .addConditionalEdges("write_sections", routeAfterSections, ["pause_sections", ...afterDraft])
    .addConditionalEdges("pause_sections", routeAfterSectionsPause, ["regenerate_section", ...afterDraft])
    .addConditionalEdges("regenerate_section", routeAfterSections, ["pause_sections", ...afterDraft]);
  keys.forEach((k, i) => {
    g.addConditionalEdges(`review_${k}`, routeAfterReview(k), [`revise_${k}`, ...afterDraft.slice(i + 1)]);
    g.addEdge(`revise_${k}`, `review_${k}`);
  });
  // Entered only by docgen.regenerateSection on a finished run (a redirect), then done again.
  g.addEdge("regenerate_finished", "finalize");
  g.addEdge("finalize", END);
  return g.compile(checkpointer ? { checkpointer } : {});
}

/** The graph as Mermaid (LangGraph's own drawing), every module's review and revise node included. */
export function docgenMermaidSync(modules: readonly GraphModule[]): string {
  // Drawing needs only the wiring: the nodes are never run, so no services are needed.
  const graph = buildDocgenGraph({} as DocgenDeps, modules) as unknown as { getGraph(): { drawMermaid(): string } };
  return graph.getGraph().drawMermaid();
}

/** The graph's structure (LangGraph's own nodes and edges) for the UI's drawing: every module's review/revise node. */
export function docgenGraphShape(modules: readonly GraphModule[]): { nodes: string[]; edges: Array<{ from: string; to: string; conditional: boolean }> } {
  const graph = (
    buildDocgenGraph({} as DocgenDeps, modules) as unknown as {
      getGraph(): { nodes: Record<string, { id: string }>; edges: Array<{ source: string; target: string; conditional?: boolean }> };
    }
  ).getGraph();
  return {
    nodes: Object.values(graph.nodes).map((n) => n.id),
    edges: graph.edges.map((e) => ({ from: e.source, to: e.target, conditional: e.conditional === true })),
  };
}

interface LooseGraph {
  addNode(name: string, node: unknown, options?: { ends: string[] }): LooseGraph;
  addEdge(from: string, to: string): LooseGraph;
  addConditionalEdges(from: string, router: (state: never) => string, targets: string[]): LooseGraph;
  compile(options: { checkpointer?: BaseCheckpointSaver }): unknown;
}
