import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { LlmClient } from "../../../llm/LlmClient.js";
import { emit, runStep } from "../../common/nodeRuntime.js";
import type { ChatStateType } from "../state.js";

/** Step name used in `token`, `step_start` and `step_done` events. */
export const REPLY_STEP = "reply";

/** Build the node that streams the model's reply as `token` events. */
export function makeReplyNode(llm: LlmClient) {
  return async (state: ChatStateType, config: LangGraphRunnableConfig): Promise<Partial<ChatStateType>> =>
    runStep(config, { step: REPLY_STEP, agent: "writer", label: "Reply" }, async () => {
      const result = await llm.generateText({
        prompt: state.prompt,
        ...(state.system ? { system: state.system } : {}),
        ...(state.maxTokens > 0 ? { maxTokens: state.maxTokens, maxContinuations: 0 } : {}),
        tag: { role: "chat", step: REPLY_STEP },
        signal: config.signal,
        onTextChunk: (text) => emit(config, { type: "token", step: REPLY_STEP, text }),
      });
      // A cancelled run must end as cancelled, not as a done run with a truncated reply.
      config.signal?.throwIfAborted();
      return { update: { text: result.text, stopReason: result.stopReason }, summary: `${result.tokens} tokens` };
    });
}
