import type { Fit } from "../../../../shared/models.js";

/** Shape of the attention cache, read from the GGUF header (`<arch>.block_count`, `…attention.head_count_kv`, …). */
export interface KvShape {
  layers: number;
  kvHeads: number;
  /** Dimension of one attention head (embedding_length / head_count, or key_length). */
  headDim: number;
}

export interface FitInput {
  /** GGUF file size in bytes (weights are mapped whole). */
  modelBytes: number;
  /** Context size in tokens the user chose (settings.contextSize). */
  contextSize: number;
  /** Parallel sequences share the context; the cache grows with contextSize only. */
  kv?: KvShape | null;
  freeRamBytes: number;
  totalRamBytes: number;
  /** Free / total VRAM when a GPU is known; omitted on CPU-only machines. */
  freeVramBytes?: number | null;
  totalVramBytes?: number | null;
  /**
   * Physical CPU cores, for a CPU-only machine: every generated token reads all the weights, so a
   * model that fits in memory can still be too slow to call fluent. Omitted = not considered.
   */
  cpuCores?: number | null;
}

/**
 * Weight bytes per physical core a CPU still generates fluently (a few tokens a second at Q4): a
 * 2-core machine runs a 1.7B model well, a 4B one slowly; 8 cores run 8B.
 */
const FLUENT_BYTES_PER_CORE = 0.75 * 1024 * 1024 * 1024;

export interface FitResult {
  fit: Fit;
  /** Weights + KV cache + compute buffers, in bytes. */
  requiredBytes: number;
  kvCacheBytes: number;
}

/** llama.cpp's compute buffers and runtime overhead on CPU; measured well under this for ≤ 8B models. */
const OVERHEAD_BYTES = 256 * 1024 * 1024;
const F16_BYTES = 2;

/**
 * KV cache bytes for `contextSize` tokens at f16: K and V, per layer, per KV head.
 * Without a header (catalog entries) the per-token cost is guessed from the file size: GQA models
 * of 1–8B spend roughly 1/40 000 of their weight size per token, so a 2 GB model ≈ 50 KiB/token.
 */
export function estimateKvCacheBytes(contextSize: number, kv: KvShape | null | undefined, modelBytes: number): number {
  if (kv && kv.layers > 0 && kv.kvHeads > 0 && kv.headDim > 0) {
    return 2 * kv.layers * kv.kvHeads * kv.headDim * F16_BYTES * contextSize;
  }
  const perToken = Math.min(512 * 1024, Math.max(16 * 1024, modelBytes / 40_000));
  return Math.round(perToken * contextSize);
}

/**
 * Jan-style traffic light for "will this model run here":
 * red when the requirement exceeds 90 % of all memory (RAM + VRAM), green when it fits in 60 % of
 * free RAM (or 90 % of free VRAM), yellow in between (it will run, but will swap or squeeze others).
 * Pure: callers pass the memory figures.
 */
export function fitEstimate(input: FitInput): FitResult {
  const kvCacheBytes = estimateKvCacheBytes(input.contextSize, input.kv, input.modelBytes);
  const requiredBytes = input.modelBytes + kvCacheBytes + OVERHEAD_BYTES;
  if (!(input.totalRamBytes > 0) || !(input.modelBytes > 0) || !(input.contextSize > 0)) {
    return { fit: "unknown", requiredBytes, kvCacheBytes };
  }
  const totalMemory = input.totalRamBytes + (input.totalVramBytes ?? 0);
  let fit: Fit;
  if (requiredBytes > 0.9 * totalMemory) fit = "red";
  else if (requiredBytes <= 0.6 * Math.max(0, input.freeRamBytes)) fit = "green";
  else if (input.freeVramBytes != null && requiredBytes <= 0.9 * input.freeVramBytes) fit = "green";
  else fit = "yellow";
  const cpuOnly = !(input.totalVramBytes && input.totalVramBytes > 0);
  if (fit === "green" && cpuOnly && input.cpuCores && input.modelBytes > input.cpuCores * FLUENT_BYTES_PER_CORE) fit = "yellow";
  return { fit, requiredBytes, kvCacheBytes };
}
