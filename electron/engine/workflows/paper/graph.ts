import { END, START, StateGraph } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { CompiledWorkflowGraph } from "../WorkflowDefinition.js";
import type { PaperDeps } from "./PaperDeps.js";
import { chatNode } from "./nodes/chat.js";
import { criticalNode } from "./nodes/critical.js";
import { analysisNode, extractionNode, hallucinationCheckNode, synthesisNode } from "./nodes/deepRead.js";
import { extractNode } from "./nodes/extract.js";
import { literatureReviewNode } from "./nodes/literatureReview.js";
import { loadContextNode } from "./nodes/loadContext.js";
import { questionerNode } from "./nodes/questioner.js";
import { recommendNode } from "./nodes/recommend.js";
import { rememberNode } from "./nodes/remember.js";
import { routerNode } from "./nodes/router.js";
import { takeQuestionNode } from "./nodes/takeQuestion.js";
import { translateNode } from "./nodes/translate.js";
import { paperPauses } from "./pauses.js";
import { AGENT_NODES, routeAfterAnswer, routeAfterCheck, routeAfterPause, routeToAgent } from "./routing.js";
import { PaperAnnotation } from "./state.js";

/**
 * retrieve → router → one of seven agents (deep read: extraction → analysis → synthesis →
 * check_claims (step hallucination_check) ⟲ synthesis, bounded) → questioner → remember → await_question
 * (ask → take_question → retrieve …, end → END). Every conditional edge lists its targets, and
 * each router returns a fallback target for any unexpected value.
 */
export function buildPaperGraph(deps: PaperDeps, checkpointer: BaseCheckpointSaver): CompiledWorkflowGraph {
  const agents = [...new Set(Object.values(AGENT_NODES))];
  const graph = new StateGraph(PaperAnnotation)
    .addNode("retrieve", loadContextNode(deps))
    .addNode("router", routerNode(deps))
    .addNode("chat", chatNode(deps))
    .addNode("critical", criticalNode(deps))
    .addNode("extract", extractNode(deps))
    .addNode("translate", translateNode(deps))
    .addNode("recommend", recommendNode(deps))
    .addNode("literature_review", literatureReviewNode(deps))
    .addNode("extraction", extractionNode(deps))
    .addNode("analysis", analysisNode(deps))
    .addNode("synthesis", synthesisNode(deps))
    .addNode("check_claims", hallucinationCheckNode(deps))
    .addNode("questioner", questionerNode(deps))
    .addNode("remember", rememberNode(deps))
    .addNode("await_question", paperPauses.node("await_question"))
    .addNode("take_question", takeQuestionNode)
    .addEdge(START, "retrieve")
    .addEdge("retrieve", "router")
    .addConditionalEdges("router", routeToAgent, agents)
    .addEdge("extraction", "analysis")
    .addEdge("analysis", "synthesis")
    .addEdge("synthesis", "check_claims")
    .addConditionalEdges("check_claims", routeAfterCheck, ["synthesis", "questioner"])
    .addEdge("chat", "questioner")
    .addEdge("critical", "questioner")
    .addEdge("extract", "questioner")
    .addEdge("translate", "questioner")
    .addEdge("recommend", "questioner")
    .addEdge("literature_review", "questioner")
    .addEdge("questioner", "remember")
    .addConditionalEdges("remember", routeAfterAnswer, ["await_question", END])
    .addConditionalEdges("await_question", routeAfterPause, ["take_question", END])
    .addEdge("take_question", "retrieve");
  return graph.compile({ checkpointer }) as unknown as CompiledWorkflowGraph;
}
