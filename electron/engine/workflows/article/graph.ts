import { END, START, StateGraph } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { ArticleDeps } from "./ArticleDeps.js";
import { addMaterialNode } from "./nodes/addMaterial.js";
import { applyManualEditNode } from "./nodes/applyManualEdit.js";
import { editorNode } from "./nodes/editor.js";
import { finalizeNode } from "./nodes/finalize.js";
import { intentParserNode } from "./nodes/intentParser.js";
import { pauseNode } from "./pauses.js";
import { researcherNode } from "./nodes/researcher.js";
import { researchMoreNode } from "./nodes/researchMore.js";
import { writerDraftNode } from "./nodes/writerDraft.js";
import { writerOutlineNode } from "./nodes/writerOutline.js";
import {
  routeAfterDraftPause,
  routeAfterEditor,
  routeAfterMaterialPause,
  routeAfterOutlinePause,
  routeAfterReviewPause,
  routeDraftAction,
} from "./routing.js";
import { ArticleAnnotation } from "./state.js";
import { withBriefProgress } from "./briefProgress.js";

/**
 * The article graph. Wiring only:
 * intent_parser → researcher → pause_material ⇄ research_more | add_material → writer_outline →
 * pause_outline ⇄ writer_outline → writer_draft → pause_draft (after every draft, revisions
 * included); pause_draft → (apply_manual_edit) → finalize | writer_draft | editor;
 * editor → pause_draft | pause_review → (apply_manual_edit) → finalize | writer_draft.
 */
export function buildArticleGraph(deps: ArticleDeps, checkpointer?: BaseCheckpointSaver) {
  return new StateGraph(ArticleAnnotation)
    .addNode("intent_parser", withBriefProgress("intent_parser", intentParserNode(deps)))
    .addNode("researcher", withBriefProgress("researcher", researcherNode(deps)))
    .addNode("pause_material", pauseNode("material_confirm"))
    .addNode("research_more", withBriefProgress("research_more", researchMoreNode(deps)))
    .addNode("add_material", withBriefProgress("add_material", addMaterialNode()))
    .addNode("writer_outline", withBriefProgress("writer_outline", writerOutlineNode(deps)))
    .addNode("pause_outline", pauseNode("outline_confirm"))
    .addNode("writer_draft", withBriefProgress("writer_draft", writerDraftNode(deps)))
    .addNode("pause_draft", pauseNode("draft_confirm"))
    .addNode("apply_manual_edit", withBriefProgress("apply_manual_edit", applyManualEditNode(deps)))
    .addNode("editor", withBriefProgress("editor", editorNode(deps)))
    .addNode("pause_review", pauseNode("review_confirm"))
    .addNode("finalize", withBriefProgress("finalize", finalizeNode()))
    .addEdge(START, "intent_parser")
    .addEdge("intent_parser", "researcher")
    .addEdge("researcher", "pause_material")
    .addConditionalEdges("pause_material", routeAfterMaterialPause, ["research_more", "add_material", "writer_outline"])
    .addEdge("research_more", "pause_material")
    .addEdge("add_material", "pause_material")
    .addEdge("writer_outline", "pause_outline")
    .addConditionalEdges("pause_outline", routeAfterOutlinePause, ["writer_outline", "writer_draft"])
    .addEdge("writer_draft", "pause_draft")
    .addConditionalEdges("pause_draft", routeAfterDraftPause, ["apply_manual_edit", "finalize", "writer_draft", "editor"])
    .addConditionalEdges("apply_manual_edit", routeDraftAction, ["finalize", "writer_draft", "editor"])
    .addConditionalEdges("editor", routeAfterEditor, ["pause_draft", "pause_review"])
    .addConditionalEdges("pause_review", routeAfterReviewPause, ["apply_manual_edit", "finalize", "writer_draft"])
    .addEdge("finalize", END)
    .compile(checkpointer ? { checkpointer } : {});
}
