import type { z } from "zod";
import type { ThinkingMode } from "../../../shared/models.js";

/**
 * What a workflow node may ask of a language model. Every backend (in-process llama.cpp, Ollama,
 * an OpenAI-compatible server, the scripted test double) implements this; workflows never know which.
 */
export interface LlmClient {
  /** Human-readable backend + model, e.g. `llamacpp:qwen2.5-3b-instruct-q4_k_m.gguf`. */
  readonly id: string;
  generateText(options: GenerateTextOptions): Promise<GenerateTextResult>;
  generateStructured<T>(options: GenerateStructuredOptions<T>): Promise<StructuredResult<T>>;
  /**
   * Tokens `text` takes in the loaded model: its own tokenizer in-process, a conservative
   * estimate (estimateTokens) for remote backends whose tokenizer is not ours to run.
   */
  countTokens(text: string): Promise<number>;
  /** Tokens one call may use, prompt and answer together (the context a sequence holds). */
  contextTokens(): Promise<number>;
  /**
   * The probability the model gives each choice as the first word of its answer, read from one
   * prefill with no token generated; null where the backend does not expose probabilities (a
   * server's chat API). Backends without it leave it out.
   */
  rankChoices?(options: RankChoicesOptions): Promise<number[] | null>;
}

export interface RankChoicesOptions {
  /** Role and task, as for a text call. */
  system: string;
  /** The worked examples and the case to decide, without the answer cue. */
  prompt: string;
  /** What the answer follows, e.g. `Task:`: the last line of the prompt and the start of the reply. */
  answerCue: string;
  /** Candidate answers. Only their first token is read, so those must differ. */
  choices: readonly string[];
  /**
   * Read the prompt as plain text even where the model has a chat template: a few-shot block
   * continued as text. Default false (inside the template).
   */
  plainText?: boolean;
  /**
   * The answer depends on no user input (a content-free prior): a backend may keep it and answer
   * the same call again without a prefill while the same model is loaded. Default false.
   */
  reusable?: boolean;
  tag?: CallTag;
  signal?: AbortSignal;
}

/** Which workflow step a call serves; the scripted double picks its reply by it, logs use it. */
export interface CallTag {
  /** e.g. `researcher`, `writer`, `editor`, `chat`. */
  role: string;
  /** e.g. `keywords`, `outline`, `section`, `review_facts`. */
  step: string;
}

export interface GenerateTextOptions {
  /** Role-locked system prompt: role + goal + backstory + "you only do X". */
  system?: string;
  prompt: string;
  tag?: CallTag;
  /** Tokens per call before auto-continuation; default 1024. */
  maxTokens?: number;
  /** Default 0.7 for prose. */
  temperature?: number;
  /** A fixed sampling seed (in-process model only): the same prompt and seed give the same reply. */
  seed?: number;
  /** Stops generation within 500 ms; the partial text is returned with stopReason `abort`. */
  signal?: AbortSignal;
  /** Streamed text, in order, as it is generated (continuations included). */
  onTextChunk?: (text: string) => void;
  /** How many times a cut reply is continued from its last character; default 2, 0 disables (see generateWithContinuation). */
  maxContinuations?: number;
  /**
   * Also continue a reply that ends mid-sentence (not on 。！？.!?, a closing code fence or `>`),
   * not only one cut by maxTokens — the brief's rule for document sections; default false.
   */
  continueUntilSentenceEnd?: boolean;
  /**
   * True once the reply is long enough: a cut reply is then not continued (it stays `truncated`;
   * the caller decides what to keep). Without it a weak model that never ends its turn is continued
   * to the cap, writing many times the length asked for.
   */
  enough?: (text: string) => boolean;
  /**
   * A retry after a reply that looped: penalise repeating any earlier stretch of the reply (the DRY
   * sampler in-process; backends without one ignore it, the caller's loop guard still applies).
   */
  avoidRepeats?: boolean;
  /**
   * 思考 of a thinking model for this call; the router fills it from the session and the model's
   * setting. A short step (see thinkingPlan) never thinks whatever this says. Default `budget`.
   */
  thinking?: ThinkingMode;
  /** The model's thoughts as they stream, apart from the answer (chat shows them folded); never part of `text`. */
  onThoughtChunk?: (text: string) => void;
}

/** What thinking a reply did; absent when the model did not think. */
export interface ThinkingReport {
  /** Thought tokens (approximate for remote backends). */
  tokens: number;
  /** The thought hit its budget and was closed (llama.cpp) or dropped for an answer without it (remote). */
  cut: boolean;
  /** The thought budget of the call; Infinity when unlimited. */
  budgetTokens: number;
}

export type StopReason = "eog" | "maxTokens" | "abort" | "stop";

export interface GenerateTextResult {
  text: string;
  stopReason: StopReason;
  /** Generated tokens across all continuations (approximate for remote backends). */
  tokens: number;
  continuations: number;
  /** Still cut after the last continuation (maxTokens, or mid-sentence with continueUntilSentenceEnd); absent = false. */
  truncated?: boolean;
  /** Wall time spent generating, for tokens/s in the status bar and the overhead benchmark. */
  durationMs: number;
  /** The model's thoughts, kept apart: never in `text`, never in a document. */
  thoughts?: string;
  thinking?: ThinkingReport;
}

export interface GenerateStructuredOptions<T> {
  system?: string;
  prompt: string;
  tag?: CallTag;
  /** Output schema; bound every string and array (see llm/jsonSchemaForGrammar.ts). */
  schema: z.ZodType<T>;
  maxTokens?: number;
  /** Default 0.2. */
  temperature?: number;
  signal?: AbortSignal;
  /** Attempts including the first; the error and the bad output are fed back each retry. Default 3. */
  maxAttempts?: number;
  onTextChunk?: (text: string) => void;
}

export interface StructuredResult<T> {
  value: T;
  attempts: number;
  raw: string;
  durationMs: number;
  tokens: number;
}

/** Local embeddings; one implementation per backend, vectors L2-normalised. */
export interface Embedder {
  readonly modelId: string;
  readonly dimensions: number;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}
