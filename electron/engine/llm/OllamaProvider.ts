import { AIMessage, HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import { ChatOllama } from "@langchain/ollama";
import { ScriptoriumError } from "../../../shared/errors.js";
import type {
  GenerateStructuredOptions,
  GenerateTextOptions,
  GenerateTextResult,
  LlmClient,
  StopReason,
  StructuredResult,
} from "./LlmClient.js";
import type { JsonSchema } from "./jsonSchemaForGrammar.js";
import { limitedFetch } from "../io/httpClient.js";
import { generateWithContinuation } from "./generateWithContinuation.js";
import { approxTokens, remoteLimits, unavailable, type RemoteStep, type RemoteTimeouts } from "./remoteRequest.js";
import { structuredGenerate } from "./structuredGenerate.js";
import { estimateTokens } from "./estimateTokens.js";

export interface OllamaProviderOptions {
  /** e.g. `http://127.0.0.1:11434`. */
  baseUrl: string;
  model: string;
  /** Context window sent with every request: Ollama's own default (2048–4096) silently truncates prompts. */
  numCtx: number;
  timeouts?: RemoteTimeouts;
}

/**
 * Ollama through @langchain/ollama's ChatOllama: `numCtx` always set, streaming, abort, and
 * structured output via Ollama's `format: <json schema>` (grammar-constrained on the server).
 */
/** Ollama's default num_ctx (2048 before 0.6, larger since): we never set it, and a longer prompt is cut silently, so the smaller one is assumed. */
const OLLAMA_CONTEXT_TOKENS = 2048;

export class OllamaProvider implements LlmClient {
  async countTokens(text: string): Promise<number> {
    return estimateTokens(text);
  }

  async contextTokens(): Promise<number> {
    return OLLAMA_CONTEXT_TOKENS;
  }

  readonly id: string;

  constructor(private readonly options: OllamaProviderOptions) {
    this.id = `ollama:${options.model}`;
  }

  generateText(options: GenerateTextOptions): Promise<GenerateTextResult> {
    return generateWithContinuation(options, (prefix) =>
      this.chat({
        messages: messagesFor(options.system, options.prompt, prefix),
        maxTokens: options.maxTokens ?? 1024,
        temperature: options.temperature ?? 0.7,
        signal: options.signal,
        onTextChunk: options.onTextChunk,
      }),
    );
  }

  generateStructured<T>(options: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> {
    return structuredGenerate(options, async (request) => {
      const step = await this.chat({
        messages: messagesFor(request.system, request.prompt, ""),
        maxTokens: request.maxTokens,
        temperature: request.temperature,
        signal: request.signal,
        onTextChunk: request.onTextChunk,
        format: request.jsonSchema,
      });
      if (step.stopReason === "abort") throw new ScriptoriumError("aborted", "Cancelled.");
      return { text: step.added, tokens: step.tokens };
    });
  }

  private async chat(request: {
    messages: BaseMessage[];
    maxTokens: number;
    temperature: number;
    signal: AbortSignal | undefined;
    onTextChunk: ((text: string) => void) | undefined;
    format?: JsonSchema;
  }): Promise<RemoteStep> {
    const fetch = limitedFetch(remoteLimits(this.options.timeouts), request.signal);
    // One client per call: ChatOllama's abort() cancels every request of its client.
    const model = new ChatOllama({
      baseUrl: this.options.baseUrl,
      model: this.options.model,
      numCtx: this.options.numCtx,
      numPredict: request.maxTokens,
      temperature: request.temperature,
      fetch,
      ...(request.format ? { format: request.format } : {}),
    });
    let added = "";
    let tokens: number | undefined;
    let doneReason: string | undefined;
    try {
      const stream = await model.stream(request.messages, { signal: request.signal });
      for await (const chunk of stream) {
        const piece = typeof chunk.content === "string" ? chunk.content : "";
        if (piece) {
          added += piece;
          request.onTextChunk?.(piece);
        }
        const meta = chunk.response_metadata as { done_reason?: string } | undefined;
        if (meta?.done_reason) doneReason = meta.done_reason;
        if (chunk.usage_metadata?.output_tokens) tokens = chunk.usage_metadata.output_tokens;
      }
    } catch (error) {
      if (request.signal?.aborted) return { added, stopReason: "abort", tokens: tokens ?? approxTokens(added) };
      throw unavailable(this.options.baseUrl, describeOllamaError(error, this.options.baseUrl));
    }
    if (request.signal?.aborted) return { added, stopReason: "abort", tokens: tokens ?? approxTokens(added) };
    return { added, stopReason: stopReasonOf(doneReason), tokens: tokens ?? approxTokens(added) };
  }
}

function messagesFor(system: string | undefined, prompt: string, prefix: string): BaseMessage[] {
  const messages: BaseMessage[] = [];
  if (system) messages.push(new SystemMessage(system));
  messages.push(new HumanMessage(prompt));
  // Ollama continues a trailing assistant message instead of starting a new reply.
  if (prefix) messages.push(new AIMessage(prefix));
  return messages;
}

function stopReasonOf(doneReason: string | undefined): StopReason {
  if (doneReason === "length") return "maxTokens";
  if (doneReason === "stop" || doneReason === undefined) return "eog";
  return "stop";
}

/** ollama-js throws `ResponseError{status_code, error}` for HTTP errors; keep the status. */
function describeOllamaError(error: unknown, url: string): unknown {
  const status = (error as { status_code?: number } | null)?.status_code;
  if (typeof status !== "number") return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ScriptoriumError("unavailable", `Ollama at ${url} answered HTTP ${status}: ${message}`, { url, status });
}
