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
import {
  approxTokens,
  remoteLimits,
  unavailable,
  type RemoteStep,
  type RemoteTimeouts,
} from "./remoteRequest.js";
import { generateWithContinuation } from "./generateWithContinuation.js";
import { limitedFetch } from "../io/httpClient.js";
import { redactSecrets } from "../io/redactSecrets.js";
import { readSse } from "../io/sseReader.js";
import { structuredGenerate, type StructuredAttemptRequest } from "./structuredGenerate.js";
import { estimateTokens } from "./estimateTokens.js";

export interface OpenAICompatibleProviderOptions {
  /** e.g. `http://127.0.0.1:8080/v1` (llama.cpp server, vLLM, LM Studio, an intranet gateway). */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when present; a function is asked on every request. */
  apiKey?: string | null | (() => Promise<string | null | undefined> | string | null | undefined);
  timeouts?: RemoteTimeouts;
}

interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

interface StreamChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: { completion_tokens?: number } | null;
}

/**
 * An OpenAI-compatible `/chat/completions` server over plain fetch with SSE streaming. Structured
 * output asks for `response_format: json_schema` (strict); a server that rejects it is
 * remembered and served by prompt + lenient parsing instead.
 */
/** The server does not say its context size; 8192 is what every current chat model offers at least. */
const OPENAI_CONTEXT_TOKENS = 8192;

export class OpenAICompatibleProvider implements LlmClient {
  async countTokens(text: string): Promise<number> {
    return estimateTokens(text);
  }

  async contextTokens(): Promise<number> {
    return OPENAI_CONTEXT_TOKENS;
  }

  readonly id: string;
  private readonly url: string;
  private jsonSchemaSupported = true;

  constructor(private readonly options: OpenAICompatibleProviderOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
    this.id = `openai:${options.model}`;
  }

  generateText(options: GenerateTextOptions): Promise<GenerateTextResult> {
    return generateWithContinuation(options, (prefix) =>
      this.complete({
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
      const step = await this.structuredStep(request);
      if (step.stopReason === "abort") throw new ScriptoriumError("aborted", "Cancelled.");
      return { text: step.added, tokens: step.tokens };
    });
  }

  private async structuredStep(request: StructuredAttemptRequest): Promise<RemoteStep> {
    const base = {
      messages: messagesFor(request.system, request.prompt, ""),
      maxTokens: request.maxTokens,
      temperature: request.temperature,
      signal: request.signal,
      onTextChunk: request.onTextChunk,
    };
    if (this.jsonSchemaSupported) {
      try {
        return await this.complete({ ...base, jsonSchema: { name: request.schemaName, schema: request.jsonSchema } });
      } catch (error) {
        // 400/404/422/501 on response_format means "not supported here": fall back for good.
        const status = (error as ScriptoriumError).details as { status?: number } | undefined;
        if (!(error instanceof ScriptoriumError) || ![400, 404, 422, 501].includes(status?.status ?? 0)) throw error;
        this.jsonSchemaSupported = false;
      }
    }
    return this.complete(base);
  }

  private async complete(request: {
    messages: ChatMessage[];
    maxTokens: number;
    temperature: number;
    signal: AbortSignal | undefined;
    onTextChunk: ((text: string) => void) | undefined;
    jsonSchema?: { name: string; schema: JsonSchema };
  }): Promise<RemoteStep> {
    const apiKey = typeof this.options.apiKey === "function" ? await this.options.apiKey() : this.options.apiKey;
    const fetch = limitedFetch(remoteLimits(this.options.timeouts), request.signal);
    let added = "";
    let tokens: number | undefined;
    let finish: string | null | undefined;
    try {
      const response = await fetch(this.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.options.model,
          messages: request.messages,
          max_tokens: request.maxTokens,
          temperature: request.temperature,
          stream: true,
          stream_options: { include_usage: true },
          ...(request.jsonSchema
            ? { response_format: { type: "json_schema", json_schema: { ...request.jsonSchema, strict: true } } }
            : {}),
        }),
      });
      if (!response.ok || !response.body) {
        const body = redactSecrets(await response.text().catch(() => ""), [apiKey]).slice(0, 500);
        throw new ScriptoriumError(
          "unavailable",
          `The model server at ${this.url} answered HTTP ${response.status}${body ? `: ${body}` : ""}`,
          { url: this.url, status: response.status },
        );
      }
      for await (const { data } of readSse(response.body)) {
        if (data === "[DONE]") break;
        const chunk = JSON.parse(data) as StreamChunk;
        const choice = chunk.choices?.[0];
        const piece = choice?.delta?.content ?? "";
        if (piece) {
          added += piece;
          request.onTextChunk?.(piece);
        }
        if (choice?.finish_reason) finish = choice.finish_reason;
        if (typeof chunk.usage?.completion_tokens === "number") tokens = chunk.usage.completion_tokens;
      }
    } catch (error) {
      if (request.signal?.aborted) return { added, stopReason: "abort", tokens: tokens ?? approxTokens(added) };
      throw unavailable(this.url, error);
    }
    return { added, stopReason: stopReasonOf(finish), tokens: tokens ?? approxTokens(added) };
  }
}

function messagesFor(system: string | undefined, prompt: string, prefix: string): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (system) messages.push({ role: "system", content: system });
  messages.push({ role: "user", content: prompt });
  // A trailing assistant message is continued by llama.cpp server, vLLM and Ollama.
  if (prefix) messages.push({ role: "assistant", content: prefix });
  return messages;
}

function stopReasonOf(finish: string | null | undefined): StopReason {
  if (finish === "length") return "maxTokens";
  if (finish === "stop" || finish == null) return "eog";
  return "stop";
}
