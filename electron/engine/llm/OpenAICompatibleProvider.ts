import { z } from "zod";
import { ScriptoriumError } from "../../../shared/errors.js";
import { parseJson } from "../../../shared/parseJson.js";
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
import { ReplyCollector } from "./ReplyCollector.js";
import { NO_THINKING, requestTokens, thinkingPlan, type ThinkingPlan } from "./thinkingPlan.js";

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

const optionalText = z.string().nullish();
/** `reasoning` (vLLM ≥ 0.10, Ollama) and `reasoning_content` (llama-server, DeepSeek, older vLLM) carry thoughts. */
const DeltaSchema = z.object({ content: optionalText, reasoning: optionalText, reasoning_content: optionalText });
/** One streamed chunk, the fields read from it; anything else a server adds is ignored. */
const StreamChunkSchema = z.object({
  choices: z.array(z.object({ delta: DeltaSchema.nullish(), finish_reason: optionalText })).nullish(),
  usage: z.object({ completion_tokens: z.number().nullish() }).nullish(),
});

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
  /** False once the server refused the no-thinking fields; it is then asked without them. */
  private noThinkFieldsSupported = true;

  constructor(private readonly options: OpenAICompatibleProviderOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
    this.id = `openai:${options.model}`;
  }

  generateText(options: GenerateTextOptions): Promise<GenerateTextResult> {
    const maxTokens = options.maxTokens ?? 1024;
    return generateWithContinuation(options, (prefix) =>
      this.completeWithin({
        messages: messagesFor(options.system, options.prompt, prefix),
        maxTokens,
        temperature: options.temperature ?? 0.7,
        signal: options.signal,
        onTextChunk: options.onTextChunk,
        onThoughtChunk: options.onThoughtChunk,
        // A continuation goes on with the answer: its thought, if any, was the first step's.
        plan: prefix === "" ? thinkingPlan(options.thinking, maxTokens) : NO_THINKING,
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
      // JSON is the whole reply: no thought before it.
      plan: NO_THINKING,
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

  /**
   * One step whose thought keeps to its budget: a thought that runs past it is dropped and the
   * step asked again without thinking, so the answer always gets its tokens (servers take no
   * per-request thought budget that all of them honour).
   */
  private async completeWithin(request: CompleteRequest): Promise<RemoteStep> {
    const first = await this.complete(request);
    if (!first.thinking?.cut) return first;
    const again = await this.complete({ ...request, plan: NO_THINKING });
    return { ...again, thought: first.thought, thinking: first.thinking, tokens: first.tokens + again.tokens };
  }

  private async complete(request: CompleteRequest): Promise<RemoteStep> {
    try {
      return await this.completeOnce(request);
    } catch (error) {
      // A strict server (OpenAI itself) refuses fields it does not know: ask once more without them, and from now on.
      if (request.plan.think || !this.noThinkFieldsSupported || !refusedNoThinkFields(error)) throw error;
      this.noThinkFieldsSupported = false;
      return this.completeOnce(request);
    }
  }

  private async completeOnce(request: CompleteRequest): Promise<RemoteStep> {
    const apiKey = typeof this.options.apiKey === "function" ? await this.options.apiKey() : this.options.apiKey;
    const reply = new ReplyCollector(request);
    const fetch = limitedFetch(remoteLimits(this.options.timeouts), reply.signal);
    let finish: string | null | undefined;
    const noThink = !request.plan.think && this.noThinkFieldsSupported;
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
          max_tokens: requestTokens(request.plan, request.maxTokens, OPENAI_CONTEXT_TOKENS),
          temperature: request.temperature,
          stream: true,
          stream_options: { include_usage: true },
          // Qwen3 on vLLM / llama-server reads the template flag; llama-server and reasoning gateways read the effort.
          ...(noThink ? { chat_template_kwargs: { enable_thinking: false }, reasoning_effort: "none" } : {}),
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
        const chunk = parseJson(StreamChunkSchema, data, `a streamed chunk from ${this.url}`, "unavailable");
        const choice = chunk.choices?.[0];
        reply.takeThought(choice?.delta?.reasoning ?? choice?.delta?.reasoning_content ?? "");
        reply.takeContent(choice?.delta?.content ?? "");
        if (choice?.finish_reason) finish = choice.finish_reason;
        if (typeof chunk.usage?.completion_tokens === "number") reply.tokens = chunk.usage.completion_tokens;
        if (reply.cut) break;
      }
      reply.flush();
    } catch (error) {
      if (request.signal?.aborted) return reply.aborted();
      if (!reply.cut) throw unavailable(this.url, error);
    }
    return reply.finished(request.signal?.aborted ? "abort" : stopReasonOf(finish));
  }
}

interface CompleteRequest {
  messages: ChatMessage[];
  maxTokens: number;
  temperature: number;
  signal: AbortSignal | undefined;
  onTextChunk: ((text: string) => void) | undefined;
  onThoughtChunk?: ((text: string) => void) | undefined;
  plan: ThinkingPlan;
  jsonSchema?: { name: string; schema: JsonSchema };
}

/** A 400/422 naming one of the no-thinking fields: the server does not take them. */
function refusedNoThinkFields(error: unknown): boolean {
  if (!(error instanceof ScriptoriumError)) return false;
  const status = (error.details as { status?: number } | undefined)?.status;
  return (status === 400 || status === 422) && /chat_template_kwargs|reasoning_effort|enable_thinking/.test(error.message);
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
