import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { LlmClient } from "../../llm/LlmClient.js";
import { filterCitations } from "./filterCitations.js";
import { emit } from "./nodeRuntime.js";
import { noMaterialNote, sectionPrompt } from "./prompts.js";
import type { Locale, SectionPromptInput } from "./prompts.js";
import { readCachedSection, sectionKey, writeCachedSection } from "./sectionCache.js";

export interface WriteSectionRequest {
  locale: Locale;
  prompt: SectionPromptInput;
  /** Every approved material id: the only ids a citation may name. */
  allowedIds: readonly string[];
  /** The session's cache dir and the section's index there. */
  cacheDir: string;
  /**
   * What distinguishes this request from an identical-looking earlier one (the version being
   * revised, the round): a new revision request must never be answered from an older round's cache.
   */
  occasion: unknown;
}

/** Drop a heading the model repeated at the top (the assembler adds the real one). */
function stripLeadingHeadings(text: string): string {
  return text.replace(/^(?:\s*#{1,6}[^\n]*\n)+/, "").trim();
}

/** Section length in tokens for one call: generous for Chinese (≈1 token per character), bounded. */
function maxTokensFor(length: number): number {
  return Math.min(1500, Math.max(256, Math.round(length * 1.6)));
}

/**
 * Write (or reuse) one section: a cached text whose key matches is reused and streamed as one chunk;
 * otherwise one streamed LLM call, then code checks the citations (unknown ids removed) and adds the
 * no-material sentence when the section had nothing to cite. The finished text is cached atomically;
 * an aborted call is never cached.
 */
export async function writeSection(llm: LlmClient, request: WriteSectionRequest, config: LangGraphRunnableConfig): Promise<string> {
  const { locale, prompt } = request;
  const index = prompt.index;
  const key = sectionKey({ v: 1, locale, prompt, allowed: [...request.allowedIds].sort(), occasion: request.occasion });
  const cached = await readCachedSection(request.cacheDir, index, key);
  if (cached !== null) {
    emit(config, { type: "draft_chunk", sectionIndex: index, text: cached });
    return cached;
  }
  const result = await llm.generateText({
    ...sectionPrompt(locale, prompt),
    tag: { role: "writer", step: "section" },
    signal: config.signal,
    maxTokens: maxTokensFor(prompt.length),
    onTextChunk: (text) => emit(config, { type: "draft_chunk", sectionIndex: index, text }),
  });
  config.signal?.throwIfAborted();
  if (result.stopReason === "abort") throw new ScriptoriumError("aborted", "Cancelled.");
  let text = filterCitations(stripLeadingHeadings(result.text), request.allowedIds);
  if (!prompt.materials.length) {
    const note = noMaterialNote(locale);
    if (!text.includes(note)) text = text ? `${text}\n\n${note}` : note;
  }
  await writeCachedSection(request.cacheDir, index, key, text);
  return text;
}
