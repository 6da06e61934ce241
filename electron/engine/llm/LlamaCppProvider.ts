import { LlamaChatSession, type ChatWrapper, type LlamaChatResponseChunk, type LlamaContextSequence, type LlamaGrammar, type LlamaModel } from "node-llama-cpp";
import { ScriptoriumError } from "../../../shared/errors.js";
import type {
  GenerateStructuredOptions,
  GenerateTextOptions,
  GenerateTextResult,
  LlmClient,
  RankChoicesOptions,
  StopReason,
  StructuredResult,
  ThinkingReport,
} from "./LlmClient.js";
import type { LlmService, LoadedModelInfo } from "./LlmService.js";
import { choiceProbabilities, choicePromptTokens } from "./choiceProbabilities.js";
import { generateWithContinuation, type ContinuationProgress } from "./generateWithContinuation.js";
import { structuredGenerate, type StructuredAttemptRequest, type StructuredAttemptResult } from "./structuredGenerate.js";
import { NO_THINKING, requestTokens, thinkingPlan, type ThinkingPlan } from "./thinkingPlan.js";

type LibraryStopReason = "abort" | "maxTokens" | "eogToken" | "stopGenerationTrigger" | "functionCalls" | "customStopTrigger";

/**
 * Repeat penalty of every prose call. Measured on Gemma 3 270M (tests/realModel, 100 tokens,
 * temperature 0.7): distinct character 4-grams rose from 0.45 to 0.93 (English) and from 0.36 to
 * 1.00 (Chinese, which had looped on one sentence) with 1.15 over the last 64 tokens.
 */
const PROSE_REPEAT_PENALTY = { penalty: 1.15, lastTokens: 64 } as const;
/**
 * The retry after a looping reply: DRY penalises re-using any earlier stretch of tokens longer than
 * `allowedLength`, which reaches a repeated paragraph that the 64-token repeat penalty cannot;
 * strength 0.8 is node-llama-cpp's recommendation, the window bounds the per-token work.
 */
const DRY_RETRY = { strength: 0.8, allowedLength: 3, lastTokens: 1024 } as const;

interface PromptRun {
  text: string;
  stopReason: StopReason;
  tokens: number;
  thought?: string;
  thinking?: ThinkingReport;
}

/**
 * In-process llama.cpp behind {@link LlmClient}. Each call borrows a pooled sequence (so calls on
 * different sequences are batched), runs a fresh `LlamaChatSession` on it, and gives it back.
 * Structured calls are constrained by a JSON-schema grammar, then validated with zod.
 */
export class LlamaCppProvider implements LlmClient {
  /** Answers of `reusable` rankChoices calls, per loaded model; a reload's new info object starts empty. */
  private readonly keptChoices = new WeakMap<LoadedModelInfo, Map<string, number[]>>();

  constructor(private readonly service: LlmService) {}

  get id(): string {
    return `llamacpp:${this.service.model?.name ?? "none"}`;
  }

  async countTokens(text: string): Promise<number> {
    return this.service.countTokens(text);
  }

  async contextTokens(): Promise<number> {
    const model = this.service.model;
    if (!model) throw new ScriptoriumError("unavailable", "No model is loaded.");
    return model.contextSize;
  }

  /**
   * One prefill on a pooled sequence, the one holding the longest part of this prompt. A `reusable`
   * call's answer is kept for the loaded model (keyed by its info object, which a reload replaces),
   * so a content-free prior costs one prefill per model, not one per question.
   */
  async rankChoices(options: RankChoicesOptions): Promise<number[] | null> {
    const loaded = options.reusable ? this.service.model : null;
    const key = JSON.stringify([options.system, options.prompt, options.answerCue, options.choices, options.plainText === true]);
    const hit = loaded ? this.keptChoices.get(loaded)?.get(key) : undefined;
    if (hit) return [...hit];
    // A plain-text choice prompt is not the chat rendering: the pool must look for the tokens it evaluates.
    const prompt = {
      system: options.system,
      prompt: `${options.prompt}\n${options.answerCue}`,
      think: false,
      render: (model: LlamaModel, wrapper: ChatWrapper) => choicePromptTokens(model, wrapper, options),
    };
    const answer = await this.service.withSequence(
      (sequence, { chatWrapper, model }) => choiceProbabilities(sequence, model, chatWrapper, options),
      options.signal,
      prompt,
    );
    if (loaded && answer) {
      const kept = this.keptChoices.get(loaded) ?? new Map<string, number[]>();
      this.keptChoices.set(loaded, kept.set(key, answer));
    }
    return answer;
  }

  async generateText(options: GenerateTextOptions): Promise<GenerateTextResult> {
    const started = performance.now();
    // Shared with generateWithContinuation, so an abort thrown mid-call still returns the text so far.
    const progress: ContinuationProgress = { text: "", tokens: 0, continuations: 0 };
    const maxTokens = options.maxTokens ?? 1024;
    const plan = thinkingPlan(options.thinking, maxTokens);
    try {
      return await this.service.withSequence(async (sequence, { chatWrapper }) => {
        const session = new LlamaChatSession({
          contextSequence: sequence,
          chatWrapper,
          // "" and not undefined: undefined makes node-llama-cpp insert its own ~330-character default.
          systemPrompt: options.system ?? "",
          // Gemma's wrapper declares no system role and the session would drop the role-locked
          // system text; forced, the wrapper puts it before the first user message.
          forceAddSystemPrompt: true,
          autoDisposeSequence: false,
        });
        try {
          return await generateWithContinuation(
            options,
            async (prefix) => {
              // A continuation starts on a clean history with the text so far pre-filled as the
              // start of the model's reply, so it goes on from the last character.
              if (prefix !== "") session.resetChatHistory();
              const run = await this.promptOnce(session, sequence, options.prompt, {
                maxTokens,
                temperature: options.temperature ?? 0.7,
                ...(options.seed !== undefined ? { seed: options.seed } : {}),
                signal: options.signal,
                onTextChunk: options.onTextChunk,
                onThoughtChunk: options.onThoughtChunk,
                prefix,
                avoidRepeats: options.avoidRepeats === true,
                // A continuation goes on with the answer; its thought, if any, was the first step's.
                plan: prefix === "" ? plan : NO_THINKING,
                contextSize: this.service.model?.contextSize ?? maxTokens,
              });
              return {
                added: run.text.slice(prefix.length),
                stopReason: run.stopReason,
                tokens: run.tokens,
                ...(run.thinking ? { thought: run.thought, thinking: run.thinking } : {}),
              };
            },
            progress,
          );
        } finally {
          session.dispose({ disposeSequence: false });
        }
      }, options.signal, { system: options.system ?? "", prompt: options.prompt, think: plan.think });
    } catch (error) {
      if (!options.signal?.aborted) throw error;
      return { ...progress, stopReason: "abort", truncated: false, durationMs: performance.now() - started };
    }
  }

  generateStructured<T>(options: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> {
    return structuredGenerate(options, (request) => this.structuredAttempt(request));
  }

  private async structuredAttempt(request: StructuredAttemptRequest): Promise<StructuredAttemptResult> {
    let grammar: LlamaGrammar;
    try {
      grammar = await this.service.grammarFor(request.jsonSchema);
    } catch (error) {
      // Never a silent fallback to free text: an unconstrained weak model runs to its token limit
      // and the workflow quietly loses the step. A refused grammar is a bug in the schema's shape
      // (llama.cpp refuses e.g. a repetition of 2 000: MAX_REPETITION_THRESHOLD), caught by
      // tests/realModel/grammars.real.test.ts.
      throw grammarRefused(request.schemaName, error);
    }
    try {
      return await this.service.withSequence(async (sequence, { chatWrapper }) => {
        const session = new LlamaChatSession({
          contextSequence: sequence,
          chatWrapper,
          systemPrompt: request.system ?? "",
          forceAddSystemPrompt: true,
          autoDisposeSequence: false,
        });
        try {
          const run = await this.promptOnce(session, sequence, request.prompt, {
            maxTokens: request.maxTokens,
            temperature: request.temperature,
            signal: request.signal,
            onTextChunk: request.onTextChunk,
            grammar,
            prefix: "",
            // Under a grammar the model cannot open a thought: the prompt must not invite one either.
            plan: NO_THINKING,
            contextSize: 0,
          });
          return { text: run.text, tokens: run.tokens };
        } finally {
          session.dispose({ disposeSequence: false });
        }
      }, request.signal, { system: request.system ?? "", prompt: request.prompt, think: false });
    } catch (error) {
      if (request.signal?.aborted) throw new ScriptoriumError("aborted", "Cancelled.");
      throw error;
    }
  }

  /**
   * One `promptWithMeta` call. With a non-empty `prefix` the reply continues it; the prefix is
   * not streamed again. Abort before the first token throws in node-llama-cpp: that becomes the
   * prefix with stopReason `abort`.
   */
  private async promptOnce(
    session: LlamaChatSession,
    sequence: LlamaContextSequence,
    prompt: string,
    options: {
      maxTokens: number;
      temperature: number;
      seed?: number;
      signal: AbortSignal | undefined;
      onTextChunk: ((text: string) => void) | undefined;
      onThoughtChunk?: ((text: string) => void) | undefined;
      grammar?: LlamaGrammar;
      prefix: string;
      avoidRepeats?: boolean;
      plan: ThinkingPlan;
      /** Where unlimited thinking stops at the latest. */
      contextSize: number;
    },
  ): Promise<PromptRun> {
    const before = sequence.tokenMeter.usedOutputTokens;
    let skipPrefixChunk = options.prefix !== "";
    let streamed = "";
    const onTextChunk = (chunk: string): void => {
      // Once the user stops, nothing more reaches the screen: node-llama-cpp may still emit the
      // token in flight and one it sampled ahead (more on a loaded machine), and those are dropped
      // so the kept text is exactly what was streamed.
      if (options.signal?.aborted) return;
      if (skipPrefixChunk) {
        skipPrefixChunk = false;
        if (chunk === options.prefix) return;
      }
      streamed += chunk;
      options.onTextChunk?.(chunk);
    };
    let thought = "";
    let thoughtTokens = 0;
    const onResponseChunk = (chunk: LlamaChatResponseChunk): void => {
      if (chunk.type !== "segment" || chunk.segmentType !== "thought" || options.signal?.aborted) return;
      thought += chunk.text;
      thoughtTokens += chunk.tokens.length;
      if (chunk.text) options.onThoughtChunk?.(chunk.text);
    };
    const thinkingOf = (): Pick<PromptRun, "thought" | "thinking"> =>
      thoughtTokens > 0 || thought.trim() !== ""
        ? { thought, thinking: { tokens: thoughtTokens, cut: thoughtTokens >= options.plan.budgetTokens, budgetTokens: options.plan.budgetTokens } }
        : {};
    try {
      const result = await session.promptWithMeta(prompt, {
        maxTokens: requestTokens(options.plan, options.maxTokens, options.contextSize),
        temperature: options.temperature,
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
        signal: options.signal,
        stopOnAbortSignal: true,
        onTextChunk,
        onResponseChunk,
        // 0 closes a thought the model opens anyway (a model without a discourage form, DeepSeek-R1).
        budgets: { thoughtTokens: options.plan.think ? options.plan.budgetTokens : 0 },
        // Prose only: a penalty on JSON's own punctuation would fight the grammar.
        ...(options.grammar ? { grammar: options.grammar } : { repeatPenalty: PROSE_REPEAT_PENALTY }),
        ...(options.avoidRepeats ? { dryRepeatPenalty: DRY_RETRY } : {}),
        ...(options.prefix !== "" ? { responsePrefix: options.prefix } : {}),
      });
      // A stop that lands while the last tokens are being produced wins: the user keeps exactly what
      // was streamed, whatever node-llama-cpp decided after the signal.
      if (result.stopReason === "abort" || options.signal?.aborted) {
        return { text: options.prefix + streamed, stopReason: "abort", tokens: sequence.tokenMeter.usedOutputTokens - before };
      }
      const text = result.responseText.startsWith(options.prefix) ? result.responseText : options.prefix + result.responseText;
      return {
        text,
        stopReason: mapStopReason(result.stopReason),
        tokens: sequence.tokenMeter.usedOutputTokens - before,
        ...thinkingOf(),
      };
    } catch (error) {
      if (!options.signal?.aborted) throw error;
      return { text: options.prefix + streamed, stopReason: "abort", tokens: sequence.tokenMeter.usedOutputTokens - before };
    }
  }
}

/** The typed error for a schema llama.cpp will not compile into a grammar. */
export function grammarRefused(schemaName: string, cause: unknown): ScriptoriumError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ScriptoriumError(
    "internal",
    `llama.cpp refused the grammar for the ${schemaName} output (${reason}); the schema needs a smaller shape.`,
    { kind: "grammar_refused", schema: schemaName, reason },
  );
}

function mapStopReason(reason: LibraryStopReason): StopReason {
  switch (reason) {
    case "eogToken":
      return "eog";
    case "maxTokens":
      return "maxTokens";
    case "abort":
      return "abort";
    case "stopGenerationTrigger":
    case "customStopTrigger":
    case "functionCalls":
      return "stop";
  }
}
