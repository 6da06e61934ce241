import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { LlmClient } from "../../llm/LlmClient.js";
import { emit } from "./nodeRuntime.js";
import { readCachedSection, sectionKey, writeCachedSection } from "./sectionCache.js";

export interface DraftSectionRequest {
  /** The section's index: `section_<index>.md` and `draft_chunk.sectionIndex`. */
  index: number;
  /** The session's cache dir. */
  cacheDir: string;
  /** Everything that determines the text (prompt inputs, the version revised, the round …); hashed into the cache key. */
  keyInputs: unknown;
  /** The one streamed LLM call that writes the section. */
  prompt: { system: string; prompt: string };
  maxTokens: number;
  /** LLM call tag (`{ role, step }`), for logs and scripted tests. */
  tag: { role: string; step: string };
  /** Code checks applied to the model's text before it is cached (citations, headings …). */
  finish(text: string): string;
}

/**
 * Write (or reuse) one section: a cached text whose key matches is reused and streamed as one
 * `draft_chunk`; otherwise one streamed LLM call (`draft_chunk` per piece), then `finish`, then an
 * atomic cache write. An aborted call is never cached.
 */
export async function draftSection(llm: LlmClient, request: DraftSectionRequest, config: LangGraphRunnableConfig): Promise<string> {
  const { index } = request;
  const key = sectionKey(request.keyInputs);
  const cached = await readCachedSection(request.cacheDir, index, key);
  if (cached !== null) {
    emit(config, { type: "draft_chunk", sectionIndex: index, text: cached });
    return cached;
  }
  const result = await llm.generateText({
    ...request.prompt,
    tag: request.tag,
    signal: config.signal,
    maxTokens: request.maxTokens,
    onTextChunk: (text) => emit(config, { type: "draft_chunk", sectionIndex: index, text }),
  });
  config.signal?.throwIfAborted();
  if (result.stopReason === "abort") throw new ScriptoriumError("aborted", "Cancelled.");
  const text = request.finish(result.text);
  await writeCachedSection(request.cacheDir, index, key, text);
  return text;
}

