import { basename } from "node:path";
import {
  getLlama,
  LlamaLogLevel,
  type ChatWrapper,
  type Llama,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaGrammar,
  type LlamaModel,
  type Token,
} from "node-llama-cpp";
import { ScriptoriumError } from "../../../shared/errors.js";
import { cpuWakeKeeper } from "./CpuWakeKeeper.js";
import { ENGINE_LLAMA_LOG_LEVEL, llamaStderrLogger } from "./llamaStderrLogger.js";
import { DecodeGather, sequenceIdOf } from "./DecodeGather.js";
import { physicalCoreCount, resolveThreads } from "./physicalCoreCount.js";
import { pickChatWrappers } from "./pickChatWrappers.js";
import { promptTokens } from "./promptTokens.js";
import { SequencePool } from "./SequencePool.js";
import { validateGgufFile } from "../io/validateGguf.js";

/** What to load; mirrors the llama.cpp part of `Settings`. */
export interface LlmServiceSettings {
  /** Absolute path of the GGUF file. */
  modelPath: string;
  /** CPU threads; 0 or absent = {@link physicalCoreCount}. */
  threads?: number;
  /** Parallel sequences on the one context; default 2. */
  sequences?: number;
  /** Tokens per sequence; default 4096, capped at the model's training context. */
  contextSize?: number;
  /**
   * Hold each decode until every sequence with a call in flight has one pending (a few ms at
   * most), so concurrent calls share decode batches (see DecodeGather); default true.
   */
  gatherDecodes?: boolean;
  /**
   * Hold the {@link cpuWakeKeeper} while any sequence is lent, so idle cores do not fall asleep
   * between the hand-offs of each token (on a VM they take milliseconds to wake); default true.
   */
  keepCpuAwake?: boolean;
  /** Load progress 0..1, for the status bar. */
  onProgress?: (progress: number) => void;
  /** Aborts the load (`jobs.cancel` of its progress task): the call rejects with `aborted`, nothing stays loaded. */
  signal?: AbortSignal;
}

/** The model that is loaded now. */
export interface LoadedModelInfo {
  path: string;
  /** File name, used in the client id. */
  name: string;
  architecture: string | null;
  hasChatTemplate: boolean;
  /** Name of the chat wrapper in use, e.g. `GeneralChatWrapper`. */
  chatWrapper: string;
  /** The model's template has thought segments (Qwen3, DeepSeek-R1): its 思考 setting applies. */
  thinks: boolean;
  threads: number;
  sequences: number;
  /** Tokens per sequence actually allocated. */
  contextSize: number;
}

export interface LlmServiceOptions {
  /** llama.cpp log level; default `error` (tests and the app stay quiet). */
  logLevel?: LlamaLogLevel;
}

interface Loaded {
  info: LoadedModelInfo;
  model: LlamaModel;
  context: LlamaContext;
  pool: SequencePool;
  sequences: readonly LlamaContextSequence[];
  gather: DecodeGather | null;
  /** Releases the wake keeper if a sequence holds it now. */
  releaseWake: () => void;
  chatWrapper: ChatWrapper;
  /** The wrapper of calls that must not think: Qwen3's empty think block; the same wrapper for models without one. */
  noThinkWrapper: ChatWrapper;
  grammars: Map<string, Promise<LlamaGrammar>>;
}

/** What a call borrowing a sequence gets besides the sequence. */
export interface SequenceLoan {
  /** The wrapper for this call: the no-thinking one when the call asked for no thinking. */
  chatWrapper: ChatWrapper;
  model: LlamaModel;
  /** The model can think at all (its wrapper has thought segments). */
  thinks: boolean;
}

/**
 * The one owner of llama.cpp in the process: the Llama binding, one model and one context with
 * N sequences. Loads and unloads under a lock (a reload disposes the old model first, so two
 * models never sit in memory at once), validates the file before native code touches it, and
 * lends sequences through a {@link SequencePool}.
 */
export class LlmService {
  private llama: Llama | null = null;
  private loaded: Loaded | null = null;
  private lock: Promise<unknown> = Promise.resolve();
  private disposed = false;

  constructor(private readonly options: LlmServiceOptions = {}) {}

  /** The loaded model, or null. */
  get model(): LoadedModelInfo | null {
    return this.loaded?.info ?? null;
  }

  /**
   * Load a model (replacing the current one). Throws `model_missing` / `model_invalid` naming the
   * file, before any native call, when the file is absent, not GGUF or truncated.
   */
  load(settings: LlmServiceSettings): Promise<LoadedModelInfo> {
    return this.locked(async () => {
      this.ensureNotDisposed();
      const fileInfo = await validateGgufFile(settings.modelPath);
      await this.unloadNow();
      const threads = resolveThreads(settings.threads);
      const llama = await this.binding(threads);
      let model: LlamaModel;
      try {
        model = await llama.loadModel({
          modelPath: settings.modelPath,
          gpuLayers: 0,
          onLoadProgress: settings.onProgress,
          ...(settings.signal ? { loadSignal: settings.signal } : {}),
        });
      } catch (error) {
        if (settings.signal?.aborted) throw new ScriptoriumError("aborted", `Loading ${basename(settings.modelPath)} was cancelled.`, { path: settings.modelPath });
        throw new ScriptoriumError(
          "model_invalid",
          `${basename(settings.modelPath)} could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
          { path: settings.modelPath },
        );
      }
      try {
        const sequences = settings.sequences ?? 2;
        const trainContext = model.trainContextSize;
        const contextSize = Math.min(settings.contextSize ?? 4096, trainContext > 0 ? trainContext : Infinity);
        // A full-size sliding-window cache (Gemma 3 has SWA layers): without it node-llama-cpp takes
        // state checkpoints after each prompt, which failed with "Invalid argument" on Gemma 3 270M
        // (tests/realModel) and would keep a reused prefix from being reused. At our context sizes
        // the full cache costs a few MB.
        const context = await model.createContext({ sequences, contextSize, threads, swaFullCache: true });
        const sequenceList: LlamaContextSequence[] = [];
        for (let i = 0; i < sequences; i++) sequenceList.push(context.getSequence());
        // In native id order: the pool keeps busy sequences consecutive by their position.
        sequenceList.sort((a, b) => sequenceIdOf(a) - sequenceIdOf(b));
        const hasChatTemplate = typeof fileInfo.metadata.tokenizer?.chat_template === "string";
        const { chatWrapper, noThinkWrapper } = pickChatWrappers(model, hasChatTemplate, fileInfo.metadata.general?.architecture ?? null);
        const thinks = chatWrapper.settings.segments?.thought != null;
        let gather: DecodeGather | null = null;
        const keepAwake = settings.keepCpuAwake ?? true;
        let releaseWake: (() => void) | null = null;
        let unloaded = false;
        const pool: SequencePool = new SequencePool(sequenceList, {
          onBusyChange: () => {
            gather?.check();
            if (keepAwake && !unloaded && pool.busy.size > 0) releaseWake ??= cpuWakeKeeper.hold();
            else if (releaseWake) {
              releaseWake();
              releaseWake = null;
            }
          },
        });
        // Off, it still counts batches, so the two can be compared.
        gather = new DecodeGather(context, () => pool.busy, { hold: settings.gatherDecodes ?? true });
        if (!gather.install()) gather = null;
        this.loaded = {
          model,
          context,
          chatWrapper,
          noThinkWrapper,
          pool,
          sequences: sequenceList,
          gather,
          releaseWake: () => {
            unloaded = true;
            releaseWake?.();
            releaseWake = null;
          },
          grammars: new Map(),
          info: {
            path: settings.modelPath,
            name: basename(settings.modelPath),
            architecture: fileInfo.metadata.general?.architecture ?? null,
            hasChatTemplate,
            chatWrapper: chatWrapper.constructor.name,
            thinks,
            threads,
            sequences,
            contextSize: context.contextSize,
          },
        };
        return this.loaded.info;
      } catch (error) {
        await model.dispose();
        throw error;
      }
    });
  }

  /** Free the model and context; waiting callers get `unavailable`. */
  unload(): Promise<void> {
    return this.locked(() => this.unloadNow());
  }

  /** Free everything, the native binding included; the service cannot be used afterwards. */
  dispose(): Promise<void> {
    return this.locked(async () => {
      this.disposed = true;
      await this.unloadNow();
      await this.llama?.dispose();
      this.llama = null;
    });
  }

  /**
   * Run `fn` on a free sequence (waiting FIFO when all are busy); it is returned on success, error
   * or abort. The sequence keeps its KV cache between calls: node-llama-cpp erases it from the
   * first token that differs from the new prompt, so no call sees another's tokens and a call
   * that shares a prefix with the previous one prefills only the rest. With `prompt` (the call's
   * system prompt and user text) the pool picks the free sequence that holds the longest prefix;
   * a call that does not evaluate the chat session's rendering gives its own (`render`).
   */
  async withSequence<T>(
    fn: (sequence: LlamaContextSequence, loaded: SequenceLoan) => Promise<T>,
    signal?: AbortSignal,
    prompt?: { system: string; prompt: string; think?: boolean; render?: (model: LlamaModel, chatWrapper: ChatWrapper) => Token[] },
  ): Promise<T> {
    const loaded = this.requireLoaded();
    const chatWrapper = prompt?.think === false ? loaded.noThinkWrapper : loaded.chatWrapper;
    const tokens = prompt ? (prompt.render?.(loaded.model, chatWrapper) ?? promptTokens(loaded.model, chatWrapper, prompt.system, prompt.prompt)) : undefined;
    return loaded.pool.use((sequence) => fn(sequence, { chatWrapper, model: loaded.model, thinks: loaded.info.thinks }), signal, tokens);
  }

  /** Tokens `text` takes in the loaded model's own tokenizer (no sequence needed: tokenizing is pure). */
  countTokens(text: string): number {
    return this.requireLoaded().model.tokenize(text).length;
  }

  /**
   * Tokens evaluated so far on all sequences: `input` = prompt tokens prefilled (a prefix reused
   * from the KV cache is not counted), `output` = tokens whose logits were sampled (generation).
   */
  tokenCounts(): { input: number; output: number } {
    const loaded = this.requireLoaded();
    let input = 0;
    let output = 0;
    for (const sequence of loaded.sequences) {
      input += sequence.tokenMeter.usedInputTokens;
      output += sequence.tokenMeter.usedOutputTokens;
    }
    return { input, output };
  }

  /**
   * Sequences per decode batch → how many such batches ran since load (or the last reset); null
   * when the batch counter could not be installed (node-llama-cpp internals not as pinned).
   */
  decodeBatchHistogram(options: { reset?: boolean } = {}): Map<number, number> | null {
    const gather = this.requireLoaded().gather;
    if (!gather) return null;
    const copy = new Map(gather.histogram);
    if (options.reset) gather.resetHistogram();
    return copy;
  }

  /**
   * Native passes (llama.cpp ubatches) per decode batch → how many such batches (see
   * DecodeGather.passesHistogram); reset with the histogram. Null without the batch counter.
   */
  decodePassesHistogram(): Map<number, number> | null {
    const gather = this.requireLoaded().gather;
    return gather ? new Map(gather.passesHistogram) : null;
  }

  /**
   * Sequences per decode step (one token each; batches with a prefill chunk are not timed) →
   * native time of such a step in ms at `quantile` (default the median), or their mean (what a
   * token costs on average); reset with the histogram. Null without the batch counter.
   */
  decodeStepMs(quantile: number | "mean" = 0.5): Map<number, number> | null {
    const gather = this.requireLoaded().gather;
    if (!gather) return null;
    const picked = new Map<number, number>();
    for (const [size, times] of gather.stepMs) {
      if (times.length === 0) continue;
      if (quantile === "mean") {
        picked.set(size, times.reduce((sum, ms) => sum + ms, 0) / times.length);
        continue;
      }
      const sorted = [...times].sort((a, b) => a - b);
      picked.set(size, sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * quantile))]!);
    }
    return picked;
  }

  /**
   * Native time of every timed decode step since the histogram's reset, all widths together, in ms:
   * a run's generated tokens over it bound the rate the run could reach with no time outside
   * llama.cpp's steps. Null without the batch counter.
   */
  decodeStepTotalMs(): number | null {
    const gather = this.requireLoaded().gather;
    if (!gather) return null;
    let total = 0;
    for (const times of gather.stepMs.values()) for (const ms of times) total += ms;
    return total;
  }

  /** A grammar for this JSON schema (see jsonSchemaForGrammar) on the loaded binding, cached per schema. */
  grammarFor(schema: object): Promise<LlamaGrammar> {
    const loaded = this.requireLoaded();
    const key = JSON.stringify(schema);
    const cached = loaded.grammars.get(key);
    if (cached) return cached;
    // The schema comes from jsonSchemaForGrammar, which keeps to the keywords the grammar knows.
    const grammar: Promise<LlamaGrammar> = loaded.model.llama.createGrammarForJsonSchema(schema as never);
    // A failed grammar build must not poison the cache.
    grammar.catch(() => loaded.grammars.delete(key));
    loaded.grammars.set(key, grammar);
    return grammar;
  }

  private requireLoaded(): Loaded {
    if (!this.loaded) throw new ScriptoriumError("model_missing", "No chat model is loaded. Choose one in Settings → Models.");
    return this.loaded;
  }

  private async binding(threads: number): Promise<Llama> {
    if (!this.llama) {
      this.llama = await getLlama({
        build: "never",
        gpu: false,
        maxThreads: Math.max(threads, physicalCoreCount()),
        logLevel: this.options.logLevel ?? ENGINE_LLAMA_LOG_LEVEL,
        logger: llamaStderrLogger,
      });
    }
    return this.llama;
  }

  private async unloadNow(): Promise<void> {
    const loaded = this.loaded;
    if (!loaded) return;
    this.loaded = null;
    loaded.pool.dispose();
    loaded.releaseWake();
    loaded.gather?.flush();
    await loaded.context.dispose();
    await loaded.model.dispose();
  }

  private ensureNotDisposed(): void {
    if (this.disposed) throw new ScriptoriumError("unavailable", "The LLM service has been disposed.");
  }

  /** Serialise load/unload/dispose: each waits for the previous one to settle. */
  private locked<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn, fn);
    this.lock = run.catch(() => undefined);
    return run;
  }
}
