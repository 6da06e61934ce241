import { normalizeQuestion } from "../../../../../shared/workflows/paper.js";
import type { PaperState, PaperUpdate } from "../state.js";

/** The `ask` action's question becomes the current one; the previous answer's working fields reset. */
export function takeQuestionNode(state: PaperState): PaperUpdate {
  const payload = (state.resume?.payload ?? {}) as Parameters<typeof normalizeQuestion>[0];
  const question = normalizeQuestion(payload);
  return {
    user_query: question.user_query,
    selected_text: question.selected_text,
    paper_metadata: { ...state.paper_metadata, forced_intent: question.forced_intent ?? null },
    intent: "",
    agent_response: null,
    stream_chunks: [],
    evidence: [],
    paper_text: "",
    hallucination_check: "",
    halluc_iteration: 0,
    accumulated_results: { extraction: "", analysis: "", synthesis: "" },
    resume: null,
  };
}
