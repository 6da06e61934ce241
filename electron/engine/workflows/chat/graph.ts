import { END, START, StateGraph } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { LlmClient } from "../../llm/LlmClient.js";
import type { CompiledWorkflowGraph } from "../WorkflowDefinition.js";
import { replyNode } from "./nodes/reply.js";
import { ChatState } from "./state.js";

/** START → reply → END. */
export function buildChatGraph(services: { llm: LlmClient }, checkpointer: BaseCheckpointSaver): CompiledWorkflowGraph {
  const graph = new StateGraph(ChatState).addNode("reply", replyNode(services.llm)).addEdge(START, "reply").addEdge("reply", END);
  return graph.compile({ checkpointer }) as unknown as CompiledWorkflowGraph;
}
