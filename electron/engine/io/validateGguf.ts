import { open, stat } from "node:fs/promises";
import { basename } from "node:path";
import type { GgufFileInfo } from "node-llama-cpp";
import { ScriptoriumError } from "../../../shared/errors.js";
import { ggmlTensorBytes } from "./ggmlTypes.js";

/**
 * The one GGUF validator. Checks that a path is a complete GGUF file before native code sees it
 * (llama.cpp mmaps tensor data, so a truncated file could take the whole process down), sizing
 * every tensor with the one ggml type table. Used by the LLM service before a load and by the
 * model manager on import, download and listing.
 */

/** What the model manager needs from a GGUF header. */
export interface GgufSummary {
  architecture: string | null;
  contextLength: number | null;
  hasChatTemplate: boolean;
  kv: { layers: number; kvHeads: number; headDim: number } | null;
}

/** Magic + version + tensor count + metadata count. */
const MIN_HEADER_BYTES = 4 + 4 + 8 + 8;
/** Large arrays we never look at; skipping them keeps a header read of a 150k-token vocab cheap. */
const IGNORED_KEYS = ["tokenizer.ggml.tokens", "tokenizer.ggml.scores", "tokenizer.ggml.token_type", "tokenizer.ggml.merges"];

/**
 * Check the fixed GGUF preamble without any library: a regular file, magic `GGUF`, version 1–3,
 * room for the counts. Throws `model_missing` (no such file) or `model_invalid` naming the file.
 */
export async function checkGgufMagic(path: string): Promise<void> {
  const name = basename(path);
  let handle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new ScriptoriumError("model_missing", `Model file not found: ${path}`, { path });
    throw new ScriptoriumError("model_invalid", `Cannot read ${name}: ${(error as Error).message}`, { path });
  }
  try {
    if (!(await handle.stat()).isFile()) throw new ScriptoriumError("model_missing", `Model file not found: ${path} is not a file`, { path });
    const buffer = Buffer.alloc(MIN_HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MIN_HEADER_BYTES, 0);
    const magic = buffer.toString("latin1", 0, Math.min(4, bytesRead));
    if (magic !== "GGUF") throw invalid(path, `magic ${JSON.stringify(magic)}, expected "GGUF"`);
    if (bytesRead < MIN_HEADER_BYTES) throw invalid(path, `${bytesRead} bytes, expected a header of at least ${MIN_HEADER_BYTES}`);
    const version = buffer.readUInt32LE(4);
    if (version < 1 || version > 3) throw invalid(path, `unsupported GGUF version ${version}, expected 1–3`);
  } finally {
    await handle.close();
  }
}

/**
 * Full check: preamble, a parsable header with at least one tensor, and every tensor's data
 * inside its file part. Returns the parsed header. Throws `model_missing` or `model_invalid`.
 */
export async function validateGgufFile(path: string): Promise<GgufFileInfo> {
  await checkGgufMagic(path);
  // Imported lazily: node-llama-cpp's entry is large and the model manager often never needs it.
  const { readGgufFileInfo } = await import("node-llama-cpp");
  let info: GgufFileInfo;
  try {
    info = await readGgufFileInfo(path, { readTensorInfo: true, logWarnings: false, ignoreKeys: IGNORED_KEYS, sourceType: "filesystem" });
  } catch (error) {
    throw invalid(path, `header cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  const tensors = info.fullTensorInfo ?? info.tensorInfo ?? [];
  if (tensors.length === 0) throw invalid(path, "no tensors");
  // The reader pads a short file with zeros instead of failing, so check the extent ourselves.
  const partSizes = new Map<number, number>();
  for (const tensor of tensors) {
    const partLength = await partSize(info, tensor.filePart ?? 1, partSizes);
    const elements = tensor.dimensions.reduce<number>((a, b) => a * Number(b), 1);
    const start = tensor.fileOffset !== undefined ? Number(tensor.fileOffset) : (info.infoEndOffset ?? 0) + Number(tensor.offset);
    const end = start + (ggmlTensorBytes(tensor.ggmlType, elements) ?? 1);
    if (end > partLength) {
      throw invalid(path, `truncated: tensor ${tensor.name} ends at byte ${end}, the file has ${partLength}`, { fileSize: partLength, expected: end });
    }
  }
  return info;
}

/** Validate, then read what the model manager shows: architecture, context length, chat template, KV shape. */
export async function inspectGguf(path: string): Promise<GgufSummary> {
  const info = await validateGgufFile(path);
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

function invalid(path: string, reason: string, extra: Record<string, unknown> = {}): ScriptoriumError {
  return new ScriptoriumError("model_invalid", `${basename(path)} is not a loadable GGUF model: ${reason}.`, { path, reason, ...extra });
}

/** Size of split part `part` (1-based); `sourceData[].length` is only what the reader read. */
async function partSize(info: GgufFileInfo, part: number, cache: Map<number, number>): Promise<number> {
  const cached = cache.get(part);
  if (cached !== undefined) return cached;
  const source = info.sourceData?.[part - 1];
  const size = source?.type === "path" ? await stat(source.path).then((s) => s.size, () => 0) : 0;
  cache.set(part, size);
  return size;
}

function positiveInt(value: unknown): number | null {
  if (typeof value === "bigint") return Number(value);
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : null;
}
