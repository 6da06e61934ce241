import { createHash } from "node:crypto";
import type { Embedder } from "../../electron/engine/llm/LlmClient.js";

/**
 * Deterministic test embedder: hashed character bigrams, L2-normalised. Texts sharing words get
 * similar vectors, so vector search behaves plausibly without a model. Counts what it embeds.
 */
export class HashEmbedder implements Embedder {
  readonly modelId: string;
  /** Texts embedded so far, across calls. */
  embedded = 0;
  calls = 0;

  constructor(readonly dimensions = 64, modelId?: string) {
    this.modelId = modelId ?? `hash-bigram-${dimensions}`;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    this.calls++;
    this.embedded += texts.length;
    return texts.map((text) => this.vector(text));
  }

  vector(text: string): Float32Array {
    const vector = new Float32Array(this.dimensions);
    const chars = [...text.toLowerCase().replace(/\s+/g, " ")];
    for (let i = 0; i + 1 < chars.length; i++) {
      const digest = createHash("md5").update(chars[i]! + chars[i + 1]!).digest();
      vector[digest.readUInt32LE(0) % this.dimensions]! += 1;
    }
    let norm = 0;
    for (const value of vector) norm += value * value;
    norm = Math.sqrt(norm) || 1;
    return vector.map((value) => value / norm);
  }
}
