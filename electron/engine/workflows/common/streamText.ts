import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { EventDraft } from "../../../../shared/events.js";
import type { GenerateTextOptions, GenerateTextResult, LlmClient } from "../../llm/LlmClient.js";
import { emit } from "./nodeRuntime.js";

/**
 * The one way a node streams a model's text: each piece goes out as an event (a `token` of the
 * call's step unless `toEvent` says otherwise, e.g. a section's `draft_chunk`), the run's signal is
 * passed on, and a cancelled run ends here as `aborted` — never as a finished step with cut text.
 */
export async function streamText(
  llm: LlmClient,
  config: LangGraphRunnableConfig,
  options: Omit<GenerateTextOptions, "signal" | "onTextChunk">,
  toEvent: (text: string) => EventDraft = (text) => ({ type: "token", step: options.tag?.step ?? "text", text }),
): Promise<GenerateTextResult & { chunks: string[] }> {
  const chunks: string[] = [];
  const result = await llm.generateText({
    ...options,
    ...(config.signal ? { signal: config.signal } : {}),
    onTextChunk: (text) => {
      chunks.push(text);
      emit(config, toEvent(text));
    },
  });
  config.signal?.throwIfAborted();
  if (result.stopReason === "abort") throw new ScriptoriumError("aborted", "Cancelled.");
  return { ...result, chunks };
}
