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
import { remoteLimits, unavailable, type RemoteStep, type RemoteTimeouts } from "./remoteRequest.js";
import { structuredGenerate } from "./structuredGenerate.js";
import { estimateTokens } from "./estimateTokens.js";
import { ReplyCollector } from "./ReplyCollector.js";
import { NO_THINKING, requestTokens, thinkingPlan, type ThinkingPlan } from "./thinkingPlan.js";

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
    const maxTokens = options.maxTokens ?? 1024;
    return generateWithContinuation(options, async (prefix) => {
      const request = {
        messages: messagesFor(options.system, options.prompt, prefix),
        maxTokens,
        temperature: options.temperature ?? 0.7,
        signal: options.signal,
        onTextChunk: options.onTextChunk,
        onThoughtChunk: options.onThoughtChunk,
        // A continuation goes on with the answer: its thought, if any, was the first step's.
        plan: prefix === "" ? thinkingPlan(options.thinking, maxTokens) : NO_THINKING,
      };
      const first = await this.chat(request);
      if (!first.thinking?.cut) return first;
      // Ollama takes no thought budget: a thought past it is dropped and the step asked again without thinking.
      const again = await this.chat({ ...request, plan: NO_THINKING });
      return { ...again, thought: first.thought, thinking: first.thinking, tokens: first.tokens + again.tokens };
    });
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
        plan: NO_THINKING,
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
    onThoughtChunk?: ((text: string) => void) | undefined;
    format?: JsonSchema;
    plan: ThinkingPlan;
  }): Promise<RemoteStep> {
    const reply = new ReplyCollector(request);
    const signal = reply.signal;
    const fetch = limitedFetch(remoteLimits(this.options.timeouts), signal);
    // One client per call: ChatOllama's abort() cancels every request of its client.
    const model = new ChatOllama({
      baseUrl: this.options.baseUrl,
      model: this.options.model,
      numCtx: this.options.numCtx,
      numPredict: requestTokens(request.plan, request.maxTokens, this.options.numCtx),
      // `false` asks a thinking model not to think; left out otherwise, since `true` is refused by models that cannot.
      ...(request.plan.think ? {} : { think: false }),
      temperature: request.temperature,
      fetch,
      ...(request.format ? { format: request.format } : {}),
    });
    let doneReason: string | undefined;
    try {
      const stream = await model.stream(request.messages, { signal });
      for await (const chunk of stream) {
        // `message.thinking` (Ollama ≥ 0.9) arrives here; older servers send `<think>` inline in the content.
        const reasoning = (chunk.additional_kwargs as { reasoning_content?: unknown } | undefined)?.reasoning_content;
        reply.takeThought(typeof reasoning === "string" ? reasoning : "");
        reply.takeContent(typeof chunk.content === "string" ? chunk.content : "");
        const meta = chunk.response_metadata as { done_reason?: string } | undefined;
        if (meta?.done_reason) doneReason = meta.done_reason;
        if (chunk.usage_metadata?.output_tokens) reply.tokens = chunk.usage_metadata.output_tokens;
        if (reply.cut) break;
      }
      reply.flush();
    } catch (error) {
      if (request.signal?.aborted) return reply.aborted();
      if (!reply.cut) throw unavailable(this.options.baseUrl, describeOllamaError(error, this.options.baseUrl));
    }
    if (request.signal?.aborted) return reply.aborted();
    return reply.finished(stopReasonOf(doneReason));
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
