import { paperContract } from "../../../../shared/workflows/paper.js";
import { definePauses } from "../common/definePauses.js";
import type { PaperState } from "./state.js";

/** The one pause of a paper session: after each answer, `ask` the next question or `end`. */
export const paperPauses = definePauses<typeof paperContract.pauses, PaperState>(paperContract.pauses, {
  context: {
    await_question: (state) => ({
      answer: state.agent_response,
      follow_ups: state.agent_response?.follow_ups ?? [],
      titles: state.paper_metadata.titles,
    }),
  },
  check: (_point, payload) => {
    if (payload.action !== "ask") return null;
    const q = payload as { user_query?: string; question?: string; forced_intent?: string; intent?: string; selected_text?: string };
    return q.user_query || q.question || q.forced_intent || q.intent || q.selected_text ? null : "ask needs user_query (or question, forced_intent or selected_text)";
  },
});
