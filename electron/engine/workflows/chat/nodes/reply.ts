import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { LlmClient } from "../../../llm/LlmClient.js";
import { emit, runStep, summaryOf } from "../../common/nodeRuntime.js";
import { streamText } from "../../common/streamText.js";
import type { ChatState, ChatUpdate } from "../state.js";

/** Step name used in `token`, `step_start` and `step_done` events. */
export const REPLY_STEP = "reply";

/** Build the node that streams the model's reply as `token` events. */
export function replyNode(llm: LlmClient) {
  return async (state: ChatState, config: LangGraphRunnableConfig): Promise<ChatUpdate> =>
    runStep(config, { step: REPLY_STEP, agent: "writer", label: "Reply" }, async () => {
      // A cancelled run ends as cancelled (streamText throws), not as a done run with a cut reply.
      const result = await streamText(llm, config, {
        prompt: state.prompt,
        ...(state.system ? { system: state.system } : {}),
        ...(state.maxTokens > 0 ? { maxTokens: state.maxTokens, maxContinuations: 0 } : {}),
        tag: { role: "chat", step: REPLY_STEP },
        // A thinking model's thoughts go out apart from the reply's tokens; the chat shows them folded, if asked to.
        onThoughtChunk: (text) => emit(config, { type: "thought", step: REPLY_STEP, text }),
      });
      return { update: { text: result.text, stopReason: result.stopReason }, ...summaryOf("reply", { n: result.tokens }, `${result.tokens} tokens`) };
    });
}
