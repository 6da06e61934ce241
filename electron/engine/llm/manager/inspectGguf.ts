import { open, stat } from "node:fs/promises";
import { basename } from "node:path";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { KvShape } from "./fitEstimate.js";

/** What the model manager needs from a GGUF header. */
export interface GgufSummary {
  architecture: string | null;
  contextLength: number | null;
  hasChatTemplate: boolean;
  kv: KvShape | null;
}

const GGUF_MAGIC = "GGUF";
/** Magic + version + tensor count + metadata count. */
const MIN_HEADER_BYTES = 4 + 4 + 8 + 8;
/**
 * Bytes per block and elements per block of the ggml tensor types we can size with certainty
 * (ggml.c `type_traits`); other types only contribute their offset to the truncation check.
 */
const BLOCK_LAYOUT: Record<number, [bytes: number, elements: number]> = {
  0: [4, 1], // F32
  1: [2, 1], // F16
  2: [18, 32], // Q4_0
  3: [20, 32], // Q4_1
  6: [22, 32], // Q5_0
  7: [24, 32], // Q5_1
  8: [34, 32], // Q8_0
  10: [84, 256], // Q2_K
  11: [110, 256], // Q3_K
  12: [144, 256], // Q4_K
  13: [176, 256], // Q5_K
  14: [210, 256], // Q6_K
  20: [18, 32], // IQ4_NL
  23: [136, 256], // IQ4_XS
  30: [2, 1], // BF16
};

/** Large arrays we never look at; skipping them keeps a header read of a 150k-token vocab cheap. */
const IGNORED_KEYS = ["tokenizer.ggml.tokens", "tokenizer.ggml.scores", "tokenizer.ggml.token_type", "tokenizer.ggml.merges"];

/**
 * Check the fixed GGUF preamble without any library: magic `GGUF`, version 1–3, room for the
 * counts. Throws `model_missing` (no such file) or `model_invalid` naming the file and what was found.
 */
export async function checkGgufMagic(path: string): Promise<void> {
  const name = basename(path);
  let handle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new ScriptoriumError("model_missing", `Model file not found: ${path}`);
    throw new ScriptoriumError("model_invalid", `Cannot read ${name}: ${(error as Error).message}`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new ScriptoriumError("model_invalid", `${name} is not a regular file.`);
    const buffer = Buffer.alloc(MIN_HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MIN_HEADER_BYTES, 0);
    if (bytesRead < MIN_HEADER_BYTES) {
      throw new ScriptoriumError("model_invalid", `${name} is not a GGUF model: ${bytesRead} bytes, expected a header of at least ${MIN_HEADER_BYTES}.`);
    }
    const magic = buffer.toString("latin1", 0, 4);
    if (magic !== GGUF_MAGIC) {
      throw new ScriptoriumError("model_invalid", `${name} is not a GGUF model: magic ${JSON.stringify(magic)}, expected "GGUF".`);
    }
    const version = buffer.readUInt32LE(4);
    if (version < 1 || version > 3) {
      throw new ScriptoriumError("model_invalid", `${name}: unsupported GGUF version ${version}, expected 1–3.`);
    }
  } finally {
    await handle.close();
  }
}

function expectedMinimumSize(dataStart: number, tensors: ReadonlyArray<{ offset: number | bigint; ggmlType: number; dimensions: ReadonlyArray<number | bigint> }>): number {
  let end = dataStart;
  for (const tensor of tensors) {
    const layout = BLOCK_LAYOUT[tensor.ggmlType];
    const elements = tensor.dimensions.reduce<number>((product, dim) => product * Number(dim), 1);
    const bytes = layout ? Math.ceil(elements / layout[1]) * layout[0] : 0;
    end = Math.max(end, dataStart + Number(tensor.offset) + bytes);
  }
  return end;
}

function positiveInt(value: unknown): number | null {
  if (typeof value === "bigint") return Number(value);
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : null;
}

/**
 * Validate and read a GGUF header with node-llama-cpp's `readGgufFileInfo` (no native binding
 * needed). Any parse failure becomes `model_invalid` naming the file.
 */
export async function inspectGguf(path: string): Promise<GgufSummary> {
  await checkGgufMagic(path);
  // Imported lazily: node-llama-cpp's entry is large and most callers of this folder never need it.
  const { readGgufFileInfo } = await import("node-llama-cpp");
  let info;
  try {
    info = await readGgufFileInfo(path, { readTensorInfo: true, logWarnings: false, ignoreKeys: IGNORED_KEYS, sourceType: "filesystem" });
  } catch (error) {
    throw new ScriptoriumError("model_invalid", `${basename(path)}: unreadable GGUF header (${(error as Error).message}).`);
  }
  // The reader pads a short file with zeros instead of failing, so check the extent ourselves.
  const fileSize = (await stat(path)).size;
  const expected = expectedMinimumSize(info.infoEndOffset ?? 0, info.tensorInfo ?? []);
  if (fileSize < expected) {
    throw new ScriptoriumError("model_invalid", `${basename(path)} is truncated: ${fileSize} bytes, expected at least ${expected}.`, { fileSize, expected });
  }
  const metadata = info.metadata as unknown as Record<string, Record<string, unknown> | undefined>;
  const architecture = typeof metadata.general?.architecture === "string" ? metadata.general.architecture : null;
  const arch = (architecture ? metadata[architecture] : undefined) ?? {};
  const attention = (arch.attention ?? {}) as Record<string, unknown>;
  const tokenizer = metadata.tokenizer ?? {};
  const layers = positiveInt(arch.block_count);
  const heads = positiveInt(attention.head_count);
  const kvHeads = positiveInt(attention.head_count_kv) ?? heads;
  const embedding = positiveInt(arch.embedding_length);
  const headDim = positiveInt(attention.key_length) ?? (embedding && heads ? Math.floor(embedding / heads) : null);
  return {
    architecture,
    contextLength: positiveInt(arch.context_length),
    hasChatTemplate: typeof tokenizer.chat_template === "string" && tokenizer.chat_template.length > 0,
    kv: layers && kvHeads && headDim ? { layers, kvHeads, headDim } : null,
  };
}
