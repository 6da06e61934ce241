import type Database from "better-sqlite3";
import { z } from "zod";
import { ScriptoriumError } from "../../../shared/errors.js";
import { limitedFetch } from "../io/httpClient.js";
import type { Embedder } from "../llm/LlmClient.js";
import { remoteLimits, unavailable, type RemoteTimeouts } from "../llm/remoteRequest.js";
import { EmbeddingCache, contentHash } from "./EmbeddingCache.js";
import { l2Normalize } from "./l2Normalize.js";

export interface OpenAIEmbedderOptions {
  /** The OpenAI-compatible base URL, e.g. `http://gateway.corp/v1` (LiteLLM, vLLM, Ollama, llama.cpp server). */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …`; asked on every request so a changed key applies at once. */
  apiKey?: () => Promise<string | null | undefined> | string | null | undefined;
  /** app.db for the persistent embedding cache (keyed by model id, like the local embedder's). */
  db?: Database.Database;
  /** Texts per request; default 64. */
  batchSize?: number;
  timeouts?: RemoteTimeouts;
}

const EmbeddingsResponse = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()) })),
});

/**
 * Embeddings from an OpenAI-compatible `/embeddings` endpoint. The model id is `openai:<model>`:
 * the same model behind two gateways builds comparable indexes, another model does not (the
 * index refuses it). Vectors are L2-normalised and cached in app.db by content hash.
 */
export class OpenAIEmbedder implements Embedder {
  readonly modelId: string;
  /** Texts sent to the server (cache misses); for stats and tests. */
  requested = 0;
  private readonly url: string;
  private readonly cache: EmbeddingCache | undefined;

  private constructor(
    private readonly options: OpenAIEmbedderOptions,
    readonly dimensions: number,
  ) {
    this.modelId = `openai:${options.model}`;
    this.url = `${options.baseUrl.replace(/\/+$/, "")}/embeddings`;
    this.cache = options.db ? new EmbeddingCache(options.db) : undefined;
  }

  /** Asks the server for one vector to learn the dimensions; a clear error when it cannot embed. */
  static async connect(options: OpenAIEmbedderOptions, signal?: AbortSignal): Promise<OpenAIEmbedder> {
    const probe = new OpenAIEmbedder(options, 0);
    const [vector] = await probe.request(["dimension probe"], signal);
    return new OpenAIEmbedder(options, vector!.length);
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const results = new Array<Float32Array | undefined>(texts.length);
    const missing: Array<{ index: number; hash: string }> = [];
    texts.forEach((text, index) => {
      const hash = contentHash(text);
      const cached = this.cache?.get(hash, this.modelId, this.dimensions);
      if (cached) results[index] = cached;
      else missing.push({ index, hash });
    });
    const batch = this.options.batchSize ?? 64;
    for (let start = 0; start < missing.length; start += batch) {
      const slice = missing.slice(start, start + batch);
      const vectors = await this.request(slice.map(({ index }) => texts[index]!), signal);
      slice.forEach(({ index, hash }, i) => {
        const vector = vectors[i]!;
        if (vector.length !== this.dimensions) {
          throw new ScriptoriumError("unavailable", `The embedding server answered ${vector.length} dimensions for ${this.options.model}, expected ${this.dimensions}: did the model behind the endpoint change?`);
        }
        this.cache?.put(hash, this.modelId, vector);
        results[index] = vector;
      });
    }
    return results.map((vector) => vector!);
  }

  private async request(input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const apiKey = await this.options.apiKey?.();
    const fetch = limitedFetch({ ...remoteLimits(this.options.timeouts), maxBytes: 256 * 1024 * 1024 }, signal);
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ model: this.options.model, input, encoding_format: "float" }),
      });
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw new ScriptoriumError("aborted", "Embedding was cancelled.");
      throw unavailable(this.url, error);
    }
    if (!response.ok) {
      throw new ScriptoriumError("unavailable", `The embedding server at ${this.url} answered ${response.status} for model ${this.options.model}: ${text.slice(0, 300)}`, { url: this.url, status: response.status });
    }
    let parsed: z.infer<typeof EmbeddingsResponse>;
    try {
      parsed = EmbeddingsResponse.parse(JSON.parse(text));
    } catch {
      throw new ScriptoriumError("unavailable", `The embedding server at ${this.url} did not answer an OpenAI embeddings list: ${text.slice(0, 200)}`, { url: this.url });
    }
    this.requested += input.length;
    const vectors = new Array<Float32Array | undefined>(input.length);
    for (const item of parsed.data) if (item.index < input.length) vectors[item.index] = l2Normalize(Float32Array.from(item.embedding));
    if (vectors.some((v) => !v || v.length === 0 || !v.every(Number.isFinite))) {
      throw new ScriptoriumError("unavailable", `The embedding server at ${this.url} returned ${parsed.data.length} usable vectors for ${input.length} inputs.`, { url: this.url });
    }
    return vectors as Float32Array[];
  }
}
