import { END, START, StateGraph } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { CompiledWorkflowGraph } from "../WorkflowDefinition.js";
import type { PaperGraphServices } from "./agentKit.js";
import { makeChatNode } from "./nodes/chat.js";
import { makeCriticalNode } from "./nodes/critical.js";
import { makeAnalysisNode, makeExtractionNode, makeHallucinationCheckNode, makeSynthesisNode } from "./nodes/deepRead.js";
import { makeExtractNode } from "./nodes/extract.js";
import { makeLiteratureReviewNode } from "./nodes/literatureReview.js";
import { makeLoadContextNode } from "./nodes/loadContext.js";
import { makeQuestionerNode } from "./nodes/questioner.js";
import { makeRecommendNode } from "./nodes/recommend.js";
import { makeRememberNode } from "./nodes/remember.js";
import { makeRouterNode } from "./nodes/router.js";
import { takeQuestionNode } from "./nodes/takeQuestion.js";
import { makeTranslateNode } from "./nodes/translate.js";
import { paperPauses } from "./pauses.js";
import { AGENT_NODES, routeAfterAnswer, routeAfterCheck, routeAfterPause, routeToAgent } from "./routing.js";
import { PaperReadingState } from "./state.js";

/**
 * retrieve → router → one of seven agents (deep read: extraction → analysis → synthesis →
 * check_claims (step hallucination_check) ⟲ synthesis, bounded) → questioner → remember → await_question
 * (ask → take_question → retrieve …, end → END). Every conditional edge lists its targets, and
 * each router returns a fallback target for any unexpected value.
 */
export function buildPaperGraph(services: PaperGraphServices, checkpointer: BaseCheckpointSaver): CompiledWorkflowGraph {
  const agents = [...new Set(Object.values(AGENT_NODES))];
  const graph = new StateGraph(PaperReadingState)
    .addNode("retrieve", makeLoadContextNode(services))
    .addNode("router", makeRouterNode(services))
    .addNode("chat", makeChatNode(services))
    .addNode("critical", makeCriticalNode(services))
    .addNode("extract", makeExtractNode(services))
    .addNode("translate", makeTranslateNode(services))
    .addNode("recommend", makeRecommendNode(services))
    .addNode("literature_review", makeLiteratureReviewNode(services))
    .addNode("extraction", makeExtractionNode(services))
    .addNode("analysis", makeAnalysisNode(services))
    .addNode("synthesis", makeSynthesisNode(services))
    .addNode("check_claims", makeHallucinationCheckNode(services))
    .addNode("questioner", makeQuestionerNode(services))
    .addNode("remember", makeRememberNode(services))
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
