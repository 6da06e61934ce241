import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { emit, sessionIdOf } from "../../common/nodeRuntime.js";
import type { PaperDeps } from "../PaperDeps.js";
import type { PaperState, PaperUpdate } from "../state.js";

/**
 * Appends the question and its answer to the conversation (state, checkpointed) and to
 * `paper_messages` (so the history is listed without the graph), publishes the answer, and clears
 * the forced intent for the next question.
 */
export function rememberNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): PaperUpdate => {
    const response = state.agent_response;
    if (!response) return {};
    const sessionId = sessionIdOf(config);
    const question = state.user_query || state.selected_text;
    // A node re-run (resume after a crash) must not store the exchange twice. The checkpointed
    // history holds the exchanges before this one, two rows each: more rows means this one is
    // stored already. (Comparing answer texts lost a second identical answer, e.g. two 论文未提及.)
    const stored = deps.papers.library.repo.messages(sessionId);
    if (stored.length <= state.conversation_history.length) {
      deps.papers.library.repo.appendMessage(sessionId, "user", { text: question, selected_text: state.selected_text, forced_intent: state.paper_metadata.forced_intent });
      deps.papers.library.repo.appendMessage(sessionId, "assistant", { ...response, text: response.answer });
    }
    emit(config, { type: "paper_answer", answer: response });
    return {
      conversation_history: [
        { role: "user", text: question },
        { role: "assistant", text: response.answer, intent: response.intent },
      ],
      paper_metadata: { ...state.paper_metadata, forced_intent: null },
    };
  };
}
