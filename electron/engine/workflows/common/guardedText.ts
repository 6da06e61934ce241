import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { EventDraft } from "../../../../shared/events.js";
import type { GenerateTextOptions, LlmClient } from "../../llm/LlmClient.js";
import { emit } from "./nodeRuntime.js";
import { repeatsItself, withoutRepeats } from "./withoutRepeats.js";

/** How often (in streamed characters) a reply is checked for a loop while it is generated. */
const CHECK_EVERY_CHARS = 160;

/** A model's text after the loop guard. */
export interface GuardedText {
  /** The reply with every repeat removed (never shows a repeated paragraph). */
  text: string;
  /** What was streamed, both attempts. */
  chunks: string[];
  /** The first reply looped (it was stopped early and retried). */
  looped: boolean;
  /** False when the retry looped too: the caller gives its honest "no usable answer" instead of `text`. */
  usable: boolean;
}

/** How {@link guardedText} runs its attempts. */
export interface GuardedTextOptions {
  /** Retry a looping reply once with `avoidRepeats`; default true. False: one call, the caller decides what to do next. */
  retryLoop?: boolean;
  /** True once the reply is complete for the caller (e.g. a translation reached its first blank line): generation stops, not counted as a loop. */
  doneWhen?: (text: string) => boolean;
}

/**
 * A streamed model reply with the loop guard: the reply is watched as it streams and stopped as
 * soon as it repeats a sentence or loops inside one (a weak model otherwise repeats one paragraph
 * to its token limit: minutes of CPU time); a looping reply is retried once with `avoidRepeats`
 * (the DRY sampler); a retry that loops too is `usable: false`. The run's cancel still ends the
 * step as `aborted`. `toEvent` returning null streams nothing: the caller shows the text only once
 * it has checked it.
 */
export async function guardedText(
  llm: LlmClient,
  config: LangGraphRunnableConfig,
  options: Omit<GenerateTextOptions, "signal" | "onTextChunk">,
  toEvent: (text: string) => EventDraft | null = (text) => ({ type: "token", step: options.tag?.step ?? "text", text }),
  { retryLoop = true, doneWhen }: GuardedTextOptions = {},
): Promise<GuardedText> {
  const chunks: string[] = [];
  const attempt = async (avoidRepeats: boolean): Promise<{ text: string; looped: boolean; stopped: boolean }> => {
    const stop = new AbortController();
    const signal = config.signal ? AbortSignal.any([config.signal, stop.signal]) : stop.signal;
    let text = "";
    let checkedAt = 0;
    let done = false;
    const result = await llm.generateText({
      ...options,
      ...(avoidRepeats ? { avoidRepeats: true } : {}),
      signal,
      onTextChunk: (chunk) => {
        if (stop.signal.aborted) return;
        text += chunk;
        chunks.push(chunk);
        const event = toEvent(chunk);
        if (event) emit(config, event);
        if (doneWhen?.(text)) {
          done = true;
          stop.abort();
        } else if (text.length - checkedAt >= CHECK_EVERY_CHARS) {
          checkedAt = text.length;
          if (repeatsItself(text)) stop.abort();
        }
      },
    });
    config.signal?.throwIfAborted();
    if (result.stopReason === "abort" && !stop.signal.aborted) throw new ScriptoriumError("aborted", "Cancelled.");
    const stopped = stop.signal.aborted && !done;
    const full = stop.signal.aborted ? text : result.text;
    return { text: full, looped: stopped || repeatsItself(full), stopped };
  };
  const first = await attempt(false);
  if (!first.looped) return { text: first.text.trim(), chunks, looped: false, usable: true };
  if (!retryLoop) return { text: withoutRepeats(first.text, { stoppedInLoop: first.stopped }).text, chunks, looped: true, usable: false };
  const second = await attempt(true);
  if (!second.looped) return { text: second.text.trim(), chunks, looped: true, usable: true };
  return { text: withoutRepeats(second.text, { stoppedInLoop: second.stopped }).text, chunks, looped: true, usable: false };
}
