import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { runStep, summaryOf } from "../../common/nodeRuntime.js";
import type { PaperDeps } from "../PaperDeps.js";
import { questionerPrompt } from "../prompts.js";
import { FollowUpSchema } from "../schemas.js";
import type { PaperState, PaperUpdate } from "../state.js";

/** Three follow-up questions (grammar), shown as chips; a failure leaves none rather than failing the answer. */
export function questionerNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep<PaperUpdate>(config, { step: "questioner", agent: "system", label: "追问建议" }, async () => {
      const response = state.agent_response;
      if (!response) return { update: {}, ...summaryOf("noAnswer", {}, "no answer") };
      const { titles, locale } = state.paper_metadata;
      let follow_ups: string[] = [];
      try {
        const { value } = await deps.llm.generateStructured({ ...questionerPrompt(locale, titles.join(" / "), state.user_query || state.selected_text, response.answer), schema: FollowUpSchema, tag: { role: "paper", step: "questioner" }, maxTokens: 200, maxAttempts: 2, ...(config.signal ? { signal: config.signal } : {}) });
        follow_ups = value.questions.map((q) => q.trim()).filter(Boolean);
      } catch (error) {
        config.signal?.throwIfAborted();
        void error;
      }
      return { update: { current_agent: "questioner", agent_response: { ...response, follow_ups } }, ...summaryOf("followUps", { n: follow_ups.length }, `${follow_ups.length} follow-ups`) };
    });
}
