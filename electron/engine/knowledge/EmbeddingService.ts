import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { ENGINE_LLAMA_LOG_LEVEL, llamaStderrLogger } from "../llm/llamaStderrLogger.js";
import { getLlama, type Llama, type LlamaEmbeddingContext, type LlamaModel, type Token } from "node-llama-cpp";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { Embedder } from "../llm/LlmClient.js";
import { EmbeddingCache, contentHash } from "./EmbeddingCache.js";
import { l2Normalize } from "./l2Normalize.js";
import { physicalCoreCount } from "../llm/physicalCoreCount.js";

export interface EmbeddingServiceOptions {
  /** The embedding model chosen in settings; when absent the chat model is used (and flagged). */
  modelPath?: string | null;
  /** Fallback when no embedding model is configured. */
  chatModelPath?: string | null;
  /** app.db handle for the persistent `embedding_cache`; without it nothing is cached across calls. */
  db?: Database.Database;
  /** Embedding contexts run in parallel; each one serialises its own calls. Default 2. */
  contexts?: number;
  /** Tokens per context; longer inputs are cut. Default 1024, capped at the model's training size. */
  contextSize?: number;
  /** Total CPU threads shared by all contexts. Default `physicalCoreCount()`. */
  threads?: number;
  /** Share the process's Llama instance (LlmService) instead of creating one. */
  llama?: Llama;
}

/**
 * Local embeddings on node-llama-cpp embedding contexts: vectors L2-normalised, over-long input cut
 * to the context, results cached by content hash in app.db. Create with {@link EmbeddingService.load}.
 */
export class EmbeddingService implements Embedder {
  readonly modelId: string;
  readonly dimensions: number;
  /** True when no embedding model is configured and the chat model embeds: the UI warns. */
  readonly usingChatModelFallback: boolean;
  readonly modelPath: string;
  /** Texts actually run through the model (cache misses); exposed for stats and tests. */
  modelEvaluations = 0;

  private readonly cache: EmbeddingCache | undefined;
  private disposed = false;

  private constructor(
    private readonly model: LlamaModel,
    private readonly contexts: LlamaEmbeddingContext[],
    private readonly contextSize: number,
    info: { modelPath: string; modelId: string; usingChatModelFallback: boolean; db?: Database.Database },
  ) {
    this.modelPath = info.modelPath;
    this.modelId = info.modelId;
    this.usingChatModelFallback = info.usingChatModelFallback;
    this.dimensions = model.embeddingVectorSize;
    this.cache = info.db ? new EmbeddingCache(info.db) : undefined;
  }

  /** Loads the model and its contexts; `model_missing` / `model_invalid` name the file on failure. */
  static async load(options: EmbeddingServiceOptions): Promise<EmbeddingService> {
    const usingChatModelFallback = !options.modelPath;
    const modelPath = options.modelPath || options.chatModelPath;
    if (!modelPath) throw new ScriptoriumError("model_missing", "No embedding model or chat model is configured.");
    let stat: fs.Stats;
    try {
      stat = fs.statSync(modelPath);
    } catch {
      throw new ScriptoriumError("model_missing", `Embedding model file not found: ${modelPath}`, { path: modelPath });
    }
    const threads = Math.max(1, options.threads ?? physicalCoreCount());
    const contextCount = Math.max(1, Math.min(options.contexts ?? 2, threads));
    const llama = options.llama ?? (await getLlama({ build: "never", gpu: false, maxThreads: threads, logLevel: ENGINE_LLAMA_LOG_LEVEL, logger: llamaStderrLogger }));
    let model: LlamaModel;
    try {
      model = await llama.loadModel({ modelPath, gpuLayers: 0 });
    } catch (error) {
      throw new ScriptoriumError("model_invalid", `Cannot load embedding model ${modelPath}: ${String(error)}`, {
        path: modelPath,
      });
    }
    try {
      const contextSize = Math.min(options.contextSize ?? 1024, model.trainContextSize);
      // Split the threads between contexts so parallel contexts do not oversubscribe the cores.
      const perContext = Math.max(1, Math.floor(threads / contextCount));
      const contexts: LlamaEmbeddingContext[] = [];
      for (let i = 0; i < contextCount; i++) {
        contexts.push(await model.createEmbeddingContext({ contextSize, batchSize: contextSize, threads: perContext }));
      }
      // Name + size identify the weights well enough for the cache without hashing gigabytes.
      const modelId = `llamacpp:${path.basename(modelPath)}:${stat.size}`;
      return new EmbeddingService(model, contexts, contextSize, {
        modelPath,
        modelId,
        usingChatModelFallback,
        ...(options.db ? { db: options.db } : {}),
      });
    } catch (error) {
      await model.dispose();
      throw error;
    }
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (this.disposed) throw new ScriptoriumError("unavailable", "The embedding service was disposed.");
    const results = new Array<Float32Array | undefined>(texts.length);
    // Identical texts in one call are embedded once.
    const pending = new Map<string, { text: string; indices: number[] }>();
    texts.forEach((text, index) => {
      const hash = contentHash(text);
      const cached = this.cache?.get(hash, this.modelId, this.dimensions);
      if (cached) {
        results[index] = cached;
        return;
      }
      const entry = pending.get(hash);
      if (entry) entry.indices.push(index);
      else pending.set(hash, { text, indices: [index] });
    });
    const work = [...pending.entries()];
    let next = 0;
    const worker = async (context: LlamaEmbeddingContext): Promise<void> => {
      for (;;) {
        if (signal?.aborted) throw new ScriptoriumError("aborted", "Embedding was cancelled.");
        const item = work[next++];
        if (!item) return;
        const [hash, { text, indices }] = item;
        const vector = await this.embedOne(context, text);
        this.cache?.put(hash, this.modelId, vector);
        for (const index of indices) results[index] = vector;
      }
    };
    await Promise.all(this.contexts.map((context) => worker(context)));
    return results.map((vector, index) => {
      if (!vector) throw new ScriptoriumError("internal", `No embedding produced for input ${index}.`);
      return vector;
    });
  }

  private async embedOne(context: LlamaEmbeddingContext, text: string): Promise<Float32Array> {
    let input: string | Token[] = text;
    // BOS/EOS are added by the context; the evaluated length must stay below the context size.
    if (context.calculateInputLength(text) >= this.contextSize) {
      input = this.model.tokenize(text).slice(0, Math.max(1, this.contextSize - 3));
    }
    this.modelEvaluations++;
    const embedding = await context.getEmbeddingFor(input);
    if (embedding.vector.length !== this.dimensions) {
      throw new ScriptoriumError(
        "internal",
        `Embedding dimension mismatch: expected ${this.dimensions}, got ${embedding.vector.length}.`,
      );
    }
    return l2Normalize(Float32Array.from(embedding.vector));
  }

  /** Frees the contexts and the model (the Llama instance is shared and left alone). */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    for (const context of this.contexts) await context.dispose();
    await this.model.dispose();
  }
}
