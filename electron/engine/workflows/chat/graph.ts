import { END, START, StateGraph } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { CompiledWorkflowGraph } from "../WorkflowDefinition.js";
import type { ChatDeps } from "./ChatDeps.js";
import { replyNode } from "./nodes/reply.js";
import { ChatAnnotation } from "./state.js";

/** START → reply → END. */
export function buildChatGraph(deps: ChatDeps, checkpointer: BaseCheckpointSaver): CompiledWorkflowGraph {
  const graph = new StateGraph(ChatAnnotation).addNode("reply", replyNode(deps.llm)).addEdge(START, "reply").addEdge("reply", END);
  return graph.compile({ checkpointer }) as unknown as CompiledWorkflowGraph;
}
