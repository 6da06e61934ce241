import { formatZodError, ScriptoriumError } from "../../../shared/errors.js";
import { parseLenientJson } from "../llm/lenientJson.js";
import type {
  CallTag,
  GenerateStructuredOptions,
  GenerateTextOptions,
  GenerateTextResult,
  LlmClient,
  StructuredResult,
} from "../llm/LlmClient.js";
import { estimateTokens } from "../llm/estimateTokens.js";

/** Options of whichever call is being answered. */
export type ScriptedCallOptions = GenerateTextOptions | GenerateStructuredOptions<unknown>;

/**
 * One scripted reply: text, an object (sent as JSON), or a function of the call's options and
 * the 0-based index of this call among calls answered by the same script entry. A function may
 * throw to simulate a backend failure.
 */
export type ScriptedReply =
  | string
  | object
  | ((options: ScriptedCallOptions, callIndex: number) => string | object | Promise<string | object>);

export interface ScriptedLlmOptions {
  /**
   * Replies looked up by `role.step`, then `role`, then `*`. An array is a queue consumed in
   * order (running out is an error); a single value answers every call.
   */
  replies: Record<string, ScriptedReply | readonly ScriptedReply[]>;
  /** Characters per streamed chunk; default 16. */
  chunkSize?: number;
  /** Pause between chunks in ms, so abort tests have something to interrupt; default 0. */
  chunkDelayMs?: number;
  /** Client id; default `scripted`. */
  id?: string;
  /** The context a call may use, in tokens (counted by estimateTokens); default 4096, as the app's local default. */
  contextTokens?: number;
}

/** One recorded call. */
export interface ScriptedCall {
  kind: "text" | "structured";
  tag: CallTag | undefined;
  system: string | undefined;
  prompt: string;
  /** Script entry that answered, e.g. `writer.section`. */
  key: string;
  /** Index among all calls to this client. */
  index: number;
  /** Text handed back (JSON for objects); empty when the call failed before replying. */
  reply: string;
  options: ScriptedCallOptions;
}

/**
 * Test double for {@link LlmClient}: answers from a script keyed by the call tag, records every
 * call, streams replies in chunks, honours abort, and validates structured replies against the
 * caller's schema so a wrong script fails loudly instead of passing silently.
 */
export class ScriptedLlm implements LlmClient {
  readonly id: string;
  /** Every call in order. */
  readonly calls: ScriptedCall[] = [];
  private readonly queues = new Map<string, ScriptedReply[]>();
  private readonly perKeyCount = new Map<string, number>();

  constructor(protected readonly options: ScriptedLlmOptions) {
    this.id = options.id ?? "scripted";
  }

  /** Calls whose tag matches `role` (and `step` when given). */
  callsFor(role: string, step?: string): ScriptedCall[] {
    return this.calls.filter((call) => call.tag?.role === role && (step === undefined || call.tag?.step === step));
  }

  async countTokens(text: string): Promise<number> {
    return estimateTokens(text);
  }

  async contextTokens(): Promise<number> {
    return this.options.contextTokens ?? 4096;
  }

  async generateText(options: GenerateTextOptions): Promise<GenerateTextResult> {
    const started = performance.now();
    const call = this.record("text", options);
    if (options.signal?.aborted) return this.textResult("", "abort", started);
    const reply = await this.reply(call, options);
    const text = typeof reply === "string" ? reply : JSON.stringify(reply);
    call.reply = text;
    const streamed = await this.stream(text, options.onTextChunk, options.signal);
    return this.textResult(streamed, streamed.length < text.length ? "abort" : "eog", started);
  }

  async generateStructured<T>(options: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> {
    const started = performance.now();
    const call = this.record("structured", options as GenerateStructuredOptions<unknown>);
    if (options.signal?.aborted) throw new ScriptoriumError("aborted", "Cancelled.");
    const reply = await this.reply(call, options as GenerateStructuredOptions<unknown>);
    let value: unknown = reply;
    if (typeof reply === "string") {
      const parsed = parseLenientJson(reply);
      if (!parsed.ok) throw this.scriptError(call, `reply is not JSON (${parsed.error})`);
      value = parsed.value;
    }
    const raw = typeof reply === "string" ? reply : JSON.stringify(reply);
    call.reply = raw;
    const validated = options.schema.safeParse(value);
    if (!validated.success) throw this.scriptError(call, `reply does not match the schema: ${formatZodError(validated.error)}`);
    const streamed = await this.stream(raw, options.onTextChunk, options.signal);
    if (streamed.length < raw.length) throw new ScriptoriumError("aborted", "Cancelled.");
    return { value: validated.data, attempts: 1, raw, durationMs: performance.now() - started, tokens: approxTokens(raw) };
  }

  private record(kind: ScriptedCall["kind"], options: ScriptedCallOptions): ScriptedCall {
    const call: ScriptedCall = {
      kind,
      tag: options.tag,
      system: options.system,
      prompt: options.prompt,
      key: this.keyFor(options.tag),
      index: this.calls.length,
      reply: "",
      options,
    };
    this.calls.push(call);
    return call;
  }

  private keyFor(tag: CallTag | undefined): string {
    const candidates = tag ? [`${tag.role}.${tag.step}`, tag.role, "*"] : ["*"];
    const key = candidates.find((candidate) => candidate in this.options.replies);
    if (key === undefined) {
      throw new ScriptoriumError("internal", `ScriptedLlm: no reply scripted for ${tag ? `${tag.role}.${tag.step}` : "an untagged call"}`, { tag });
    }
    return key;
  }

  private async reply(call: ScriptedCall, options: ScriptedCallOptions): Promise<string | object> {
    const entry = this.options.replies[call.key]!;
    const callIndex = this.perKeyCount.get(call.key) ?? 0;
    this.perKeyCount.set(call.key, callIndex + 1);
    let reply: ScriptedReply;
    if (Array.isArray(entry)) {
      let queue = this.queues.get(call.key);
      if (!queue) {
        queue = [...(entry as readonly ScriptedReply[])];
        this.queues.set(call.key, queue);
      }
      const next = queue.shift();
      if (next === undefined) throw this.scriptError(call, `script exhausted after ${callIndex} replies`);
      reply = next;
    } else {
      reply = entry as ScriptedReply;
    }
    return typeof reply === "function" ? await reply(options, callIndex) : reply;
  }

  /** Stream `text` in chunks; returns what was streamed before an abort (all of it otherwise). */
  private async stream(text: string, onTextChunk: ((text: string) => void) | undefined, signal: AbortSignal | undefined): Promise<string> {
    const size = Math.max(1, this.options.chunkSize ?? 16);
    let sent = 0;
    while (sent < text.length) {
      if (signal?.aborted) break;
      const chunk = text.slice(sent, sent + size);
      sent += chunk.length;
      onTextChunk?.(chunk);
      await pause(this.options.chunkDelayMs ?? 0);
    }
    return text.slice(0, sent);
  }

  private textResult(text: string, stopReason: GenerateTextResult["stopReason"], started: number): GenerateTextResult {
    return { text, stopReason, tokens: approxTokens(text), continuations: 0, durationMs: performance.now() - started };
  }

  private scriptError(call: ScriptedCall, problem: string): ScriptoriumError {
    return new ScriptoriumError("internal", `ScriptedLlm (${call.key}, call #${call.index}): ${problem}`, { tag: call.tag });
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
}

function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
