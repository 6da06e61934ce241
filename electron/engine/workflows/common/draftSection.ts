import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../../../shared/errors.js";
import { wordCount } from "../../../../shared/text/countText.js";
import { endsSentence, SECTION_MAX_CONTINUATIONS } from "../../llm/generateWithContinuation.js";
import type { LlmClient } from "../../llm/LlmClient.js";
import { emit } from "./nodeRuntime.js";
import { streamText } from "./streamText.js";
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
  /**
   * The section's target length in words (characters in Chinese, as `wordCount` counts). Once a
   * cut reply reaches it, it is not continued but ended at its last finished sentence.
   */
  targetWords?: number;
  /**
   * What is wrong with a finished text (its language, a loop), or null. A failing text is written
   * once more; if that fails too it is kept with {@link sectionCheckMark}, never passed off as done.
   */
  check?: (text: string) => string | null;
  /**
   * The text to keep instead of one that failed its check twice (e.g. the section's materials in
   * their own words), or null to keep the model's text. Either way the section is marked.
   */
  fallback?: (problem: string) => string | null;
  /** LLM call tag (`{ role, step }`), for logs and scripted tests. */
  tag: { role: string; step: string };
  /** Code checks applied to the model's text before it is cached (citations, headings …). */
  finish(text: string): string;
}

/**
 * The visible mark a section still cut after SECTION_MAX_CONTINUATIONS gets (brief §4.4.2: never
 * keep a truncated section silently). A Markdown quote on its own paragraph, in both languages, each
 * its own paragraph of the quote, so neither language's punctuation rules see the other's.
 */
export function sectionCutMark(continuations: number): string {
  return `> ⚠ 本节在 ${continuations} 次续写后仍未写完，请补全。\n>\n> This section was still cut after ${continuations} continuations.`;
}

/**
 * Write (or reuse) one section: a cached text whose key matches is reused and streamed as one
 * `draft_chunk`; otherwise one streamed LLM call (`draft_chunk` per piece) that continues while
 * the text is cut (maxTokens or mid-sentence, up to SECTION_MAX_CONTINUATIONS), then `finish`,
 * then an atomic cache write. A section still cut gets {@link sectionCutMark} and a
 * `section_truncated` event. An aborted call is never cached.
 */
export async function draftSection(llm: LlmClient, request: DraftSectionRequest, config: LangGraphRunnableConfig): Promise<string> {
  const { index } = request;
  const key = sectionKey(request.keyInputs);
  const cached = await readCachedSection(request.cacheDir, index, key);
  if (cached !== null) {
    emit(config, { type: "draft_chunk", sectionIndex: index, text: cached });
    return cached;
  }
  let attempt = await writeOnce(llm, request, config);
  let problem = request.check?.(attempt.text) ?? null;
  if (problem !== null) {
    emit(config, { type: "draft_chunk", sectionIndex: index, text: "", restart: true });
    attempt = await writeOnce(llm, request, config);
    problem = request.check?.(attempt.text) ?? null;
  }
  let { text } = attempt;
  // A text that failed its check is replaced when there is a fallback, cut or not: a cut mark under it would keep it.
  const replacement = problem !== null ? (request.fallback?.(problem) ?? null) : null;
  if (attempt.cut !== null && replacement === null) {
    const mark = sectionCutMark(attempt.cut);
    text = `${text.trimEnd()}\n\n${mark}\n`;
    emit(config, { type: "draft_chunk", sectionIndex: index, text: `\n\n${mark}\n` });
    emit(config, { type: "section_truncated", sectionIndex: index, continuations: attempt.cut });
  } else if (problem !== null) {
    if (replacement !== null) {
      // The streamed text is withdrawn: what failed twice never stays on screen.
      const mark = sectionFallbackMark(problem);
      text = `${replacement.trimEnd()}\n\n${mark}\n`;
      emit(config, { type: "draft_chunk", sectionIndex: index, text: "", restart: true });
      emit(config, { type: "draft_chunk", sectionIndex: index, text });
    } else {
      const mark = sectionCheckMark(problem);
      text = `${text.trimEnd()}\n\n${mark}\n`;
      emit(config, { type: "draft_chunk", sectionIndex: index, text: `\n\n${mark}\n` });
    }
  }
  await writeCachedSection(request.cacheDir, index, key, text);
  return text;
}

/** One streamed writing of the section: its finished text, and the continuations when it is still cut (else null). */
async function writeOnce(llm: LlmClient, request: DraftSectionRequest, config: LangGraphRunnableConfig): Promise<{ text: string; cut: number | null }> {
  const { index } = request;
  const target = request.targetWords;
  const result = await streamText(
    llm,
    config,
    {
      ...request.prompt,
      tag: request.tag,
      maxTokens: request.maxTokens,
      maxContinuations: SECTION_MAX_CONTINUATIONS,
      continueUntilSentenceEnd: true,
      ...(target ? { enough: (t: string) => wordCount(t) >= target } : {}),
    },
    (text) => ({ type: "draft_chunk", sectionIndex: index, text }),
  );
  const ended = result.truncated && target && wordCount(result.text) >= target ? endAtSentence(result.text, target / 2) : null;
  return { text: request.finish(ended ?? result.text), cut: result.truncated && ended === null ? result.continuations : null };
}

/** The visible mark of a section that failed its check twice (wrong language, a loop). */
export function sectionCheckMark(problem: string): string {
  return `> ⚠ 本节未通过检查（${problem}），请修改。\n>\n> This section failed the check above and needs revising.`;
}

/** The English line of a fallback section's mark (also how code tells such a section from the model's text). */
export const FALLBACK_MARK_EN = "The model's text failed the check above: this section holds its materials' own sentences instead.";

/** The visible mark of a section whose model text failed its check twice and was replaced by its fallback. */
export function sectionFallbackMark(problem: string): string {
  return `> ⚠ 本节模型写出的文字未通过检查（${problem}），已改用素材原句，请修改。\n>\n> ${FALLBACK_MARK_EN}`;
}

/**
 * The text up to its last finished sentence, when that keeps at least `minWords`; else null (the
 * section stays cut and is marked). A weak model rarely ends its turn: a section long enough is
 * ended here, at a sentence, instead of being continued far past its length.
 */
export function endAtSentence(text: string, minWords: number): string | null {
  for (let end = text.length; end > 0; end--) {
    const head = text.slice(0, end);
    if (!endsSentence(head)) continue;
    return wordCount(head) >= minWords ? head.trimEnd() : null;
  }
  return null;
}
