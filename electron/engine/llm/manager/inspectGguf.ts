import { open } from "node:fs/promises";
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
    info = await readGgufFileInfo(path, { readTensorInfo: false, logWarnings: false, ignoreKeys: IGNORED_KEYS, sourceType: "filesystem" });
  } catch (error) {
    throw new ScriptoriumError("model_invalid", `${basename(path)}: unreadable GGUF header (${(error as Error).message}).`);
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
