import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { EventDraft } from "../../../../../shared/events.js";
import type { LlmClient } from "../../../llm/LlmClient.js";
import type { ChatStateType } from "../state.js";

/** Step name used in `token`, `step_start` and `step_done` events. */
export const REPLY_STEP = "reply";

/** Build the node that streams the model's reply as `token` events. */
export function makeReplyNode(llm: LlmClient) {
  return async (state: ChatStateType, config: LangGraphRunnableConfig): Promise<Partial<ChatStateType>> => {
    const emit = (draft: EventDraft) => config.writer?.(draft);
    emit({ type: "step_start", step: REPLY_STEP, agent: "writer", label: "Reply" });
    const result = await llm.generateText({
      prompt: state.prompt,
      ...(state.system ? { system: state.system } : {}),
      ...(state.maxTokens > 0 ? { maxTokens: state.maxTokens, maxContinuations: 0 } : {}),
      tag: { role: "chat", step: REPLY_STEP },
      signal: config.signal,
      onTextChunk: (text) => emit({ type: "token", step: REPLY_STEP, text }),
    });
    // A cancelled run must end as cancelled, not as a done run with a truncated reply.
    config.signal?.throwIfAborted();
    emit({ type: "step_done", step: REPLY_STEP, agent: "writer", summary: `${result.tokens} tokens`, durationMs: result.durationMs });
    return { text: result.text, stopReason: result.stopReason };
  };
}
