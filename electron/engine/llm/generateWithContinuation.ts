import { isLooping } from "./isLooping.js";
import type { GenerateTextOptions, GenerateTextResult, StopReason, ThinkingReport } from "./LlmClient.js";

/** One generation step of a backend: the text added after `prefix`, why it stopped, tokens it produced. */
export interface ContinuationStep {
  added: string;
  stopReason: StopReason;
  tokens: number;
  /** Thoughts of this step, kept apart from `added`. */
  thought?: string;
  thinking?: ThinkingReport;
}

/** What the loop has so far; a backend that must report partial text on a thrown abort reads it. */
export interface ContinuationProgress {
  text: string;
  tokens: number;
  continuations: number;
  thoughts?: string;
  thinking?: ThinkingReport;
}

/** Default continuations of a reply cut by maxTokens (sections ask for more: SECTION_MAX_CONTINUATIONS). */
export const DEFAULT_MAX_CONTINUATIONS = 2;

/**
 * How many times a document section is continued (brief §4.4.2, which allows 100 on a hosted
 * model). Eight: at the local default of 900 tokens a call and a 4 096-token context, the prefix
 * fills the context well before eight continuations, and a weak model that keeps stopping
 * mid-sentence is not worth more calls; a section still cut then is marked (see draftSection).
 */
export const SECTION_MAX_CONTINUATIONS = 8;

/** How a sentence (or block) may end: the brief's list — CJK and Latin stops, a closing code fence, a `>`. */
const SENTENCE_ENDINGS = ["。", "！", "？", ".", "!", "?", "```", ">"] as const;

/** True when the text, trailing whitespace (and closing quotes/brackets) aside, ends a sentence. */
export function endsSentence(text: string): boolean {
  const trimmed = text.trimEnd().replace(/["'”’）)\]】」』*_]+$/u, "");
  return SENTENCE_ENDINGS.some((ending) => trimmed.endsWith(ending));
}

/** Whether a reply that stopped this way still needs a continuation. */
export function isCut(text: string, stopReason: StopReason, untilSentenceEnd: boolean): boolean {
  if (stopReason === "abort") return false;
  if (stopReason === "maxTokens") return true;
  return untilSentenceEnd && text.trim() !== "" && !endsSentence(text);
}

/**
 * The one continuation loop of every backend (llama.cpp, Ollama, OpenAI-compatible): run `step`
 * and, while the reply is cut — stopped on maxTokens, or (with `continueUntilSentenceEnd`) ending
 * mid-sentence — continue from the text so far (the backend pre-fills it as the start of the
 * model's reply), at most `maxContinuations` times. A continuation that adds nothing ends the
 * loop: the model has no more to say; so does a reply whose end repeats itself ({@link isLooping}):
 * more of a loop is not more text, and so does a reply the caller calls long `enough`. `truncated`
 * says the reply is still cut at the end.
 */
export async function generateWithContinuation(
  options: GenerateTextOptions,
  step: (prefix: string) => Promise<ContinuationStep>,
  progress: ContinuationProgress = { text: "", tokens: 0, continuations: 0 },
): Promise<GenerateTextResult> {
  const started = performance.now();
  const maxContinuations = Math.max(0, options.maxContinuations ?? DEFAULT_MAX_CONTINUATIONS);
  const untilSentenceEnd = options.continueUntilSentenceEnd ?? false;
  for (;;) {
    const result = await step(progress.text);
    progress.text += result.added;
    progress.tokens += result.tokens;
    if (result.thought) progress.thoughts = (progress.thoughts ?? "") + result.thought;
    if (result.thinking) progress.thinking = mergeThinking(progress.thinking, result.thinking);
    const stopReason: StopReason = options.signal?.aborted ? "abort" : result.stopReason;
    const cut = isCut(progress.text, stopReason, untilSentenceEnd);
    const stalled = (progress.continuations > 0 && result.added.trim() === "") || (cut && isLooping(progress.text));
    const enough = cut && (options.enough?.(progress.text) ?? false);
    if (!cut || stalled || enough || progress.continuations >= maxContinuations) {
      return {
        text: progress.text,
        stopReason,
        tokens: progress.tokens,
        continuations: progress.continuations,
        truncated: cut,
        durationMs: performance.now() - started,
        ...(progress.thoughts ? { thoughts: progress.thoughts } : {}),
        ...(progress.thinking ? { thinking: progress.thinking } : {}),
      };
    }
    progress.continuations++;
  }
}

function mergeThinking(before: ThinkingReport | undefined, step: ThinkingReport): ThinkingReport {
  if (!before) return step;
  return { tokens: before.tokens + step.tokens, cut: before.cut || step.cut, budgetTokens: before.budgetTokens };
}
