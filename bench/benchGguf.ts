import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { ggmlType } from "../electron/engine/io/ggmlTypes.js";
import { writeGguf, type GgufTensor } from "../tests/fixtures/ggufWriter.js";
import { llamaMetadata, llamaTensors, type LlamaShape } from "../tests/fixtures/llamaGguf.js";

/** How the weight matrices are stored; norms stay F32. Users run 4–8-bit models, so figures are quoted for Q8_0. */
export type BenchWeights = "F16" | "Q8_0" | "Q4_0";

/** llama_ftype for general.file_type. */
const FILE_TYPE: Record<BenchWeights, number> = { F16: 1 /* MOSTLY_F16 */, Q8_0: 7 /* MOSTLY_Q8_0 */, Q4_0: 2 /* MOSTLY_Q4_0 */ };

/**
 * A benchmark-only GGUF with the shape of a real small model (llama architecture, 32k vocab,
 * ≥ 100 M parameters) and random weights. Decode speed on CPU depends on how many bytes of weights
 * are read per token, not on their values, so this behaves like a real 0.1 B model without any
 * download. Never used for quality.
 */
export interface BenchModelShape {
  nEmbd: number;
  nLayers: number;
  nFf: number;
  nHead: number;
  nVocab: number;
}

export const BENCH_SHAPE: BenchModelShape = { nEmbd: 768, nLayers: 10, nFf: 2048, nHead: 12, nVocab: 32_000 };

export function parameterCount(shape: BenchModelShape): number {
  const perLayer = 4 * shape.nEmbd * shape.nEmbd + 3 * shape.nEmbd * shape.nFf + 2 * shape.nEmbd;
  return 2 * shape.nVocab * shape.nEmbd + shape.nLayers * perLayer + shape.nEmbd;
}

/** Bytes one weight takes in that type (Q8_0: 34 bytes per 32; Q4_0: 18 per 32). */
export function bytesPerWeight(weights: BenchWeights): number {
  const info = ggmlType(weights);
  return info.bytesPerBlock / info.blockSize;
}

/**
 * Bytes of weights read per generated token: every matrix once (the output matrix included,
 * the embedding only one row, negligible).
 */
export function bytesPerToken(shape: BenchModelShape, weights: BenchWeights = "F16"): number {
  const perLayer = 4 * shape.nEmbd * shape.nEmbd + 3 * shape.nEmbd * shape.nFf;
  return bytesPerWeight(weights) * (shape.nLayers * perLayer + shape.nVocab * shape.nEmbd);
}

export async function createBenchGguf(dir: string, shape: BenchModelShape = BENCH_SHAPE, weights: BenchWeights = "F16"): Promise<string> {
  const file = path.join(dir, `bench-llama-${parameterCount(shape)}-${weights.toLowerCase()}.gguf`);
  if (await stat(file).then((s) => s.isFile(), () => false)) return file;
  await mkdir(dir, { recursive: true });

  // One random block reused across tensors: values do not affect speed, and this keeps generation fast.
  const block = new Float32Array(1 << 16);
  let state = 0x9e3779b9;
  for (let i = 0; i < block.length; i++) {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    block[i] = ((state / 4294967296) * 2 - 1) * 0.05;
  }
  const tensor = (name: string, dims: number[], fill?: number): GgufTensor => ({
    name,
    dims,
    type: dims.length === 1 ? "F32" : weights,
    data: () => {
      const size = dims.reduce((a, b) => a * b, 1);
      const data = new Float32Array(size);
      if (fill !== undefined) return data.fill(fill);
      for (let offset = 0; offset < size; offset += block.length) data.set(block.subarray(0, Math.min(block.length, size - offset)), offset);
      return data;
    },
  });

  const { nVocab } = shape;
  const llamaShape: LlamaShape = { ...shape, contextLength: 4096 };
  const tensors = llamaTensors(llamaShape, nVocab, (name, dims) => tensor(name, dims), (name, length) => tensor(name, [length], 1));

  const tokens = ["<unk>", "<s>", "</s>"];
  const types = [2, 3, 3];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, "0")}>`);
    types.push(6);
  }
  for (let i = tokens.length; i < nVocab; i++) {
    tokens.push(`▁w${i.toString(36)}`);
    types.push(1);
  }
  const scores = tokens.map((_, i) => (types[i] === 1 ? -i / nVocab : 0));

  return writeGguf(file, {
    metadata: llamaMetadata({ name: "scriptorium-bench", fileType: FILE_TYPE[weights], shape: llamaShape, vocab: { tokens, scores, types } }),
    tensors,
  });
}
