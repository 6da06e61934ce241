import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { z } from "zod";
import type { LlmClient } from "../../llm/LlmClient.js";

/**
 * A structured call whose failure (a weak model that never produced valid JSON) degrades the
 * step instead of failing the session: the caller gets `null` and the reason. Aborts still throw.
 */
export async function tryStructured<T>(
  llm: LlmClient,
  config: LangGraphRunnableConfig,
  options: Parameters<LlmClient["generateStructured"]>[0] & { schema: z.ZodType<T> },
): Promise<{ value: T; error: null } | { value: null; error: string }> {
  try {
    const { value } = await llm.generateStructured<T>({ ...options, ...(config.signal ? { signal: config.signal } : {}) });
    return { value, error: null };
  } catch (error) {
    config.signal?.throwIfAborted();
    return { value: null, error: error instanceof Error ? error.message.slice(0, 200) : String(error) };
  }
}
