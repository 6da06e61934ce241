import { open, stat } from "node:fs/promises";
import { basename } from "node:path";
import { GgmlType, readGgufFileInfo, type GgufFileInfo, type GgufTensorInfo } from "node-llama-cpp";
import { ScriptoriumError } from "../../../shared/errors.js";

/** [elements per block, bytes per block] for the ggml types seen in published GGUF files. */
const BLOCK_LAYOUT: Partial<Record<GgmlType, readonly [number, number]>> = {
  [GgmlType.F32]: [1, 4],
  [GgmlType.F16]: [1, 2],
  [GgmlType.Q4_0]: [32, 18],
  [GgmlType.Q4_1]: [32, 20],
  [GgmlType.Q5_0]: [32, 22],
  [GgmlType.Q5_1]: [32, 24],
  [GgmlType.Q8_0]: [32, 34],
  [GgmlType.Q8_1]: [32, 36],
  [GgmlType.Q2_K]: [256, 84],
  [GgmlType.Q3_K]: [256, 110],
  [GgmlType.Q4_K]: [256, 144],
  [GgmlType.Q5_K]: [256, 176],
  [GgmlType.Q6_K]: [256, 210],
  [GgmlType.Q8_K]: [256, 292],
  [GgmlType.IQ2_XXS]: [256, 66],
  [GgmlType.IQ2_XS]: [256, 74],
  [GgmlType.IQ3_XXS]: [256, 98],
  [GgmlType.IQ1_S]: [256, 50],
  [GgmlType.IQ4_NL]: [32, 18],
  [GgmlType.IQ3_S]: [256, 110],
  [GgmlType.IQ2_S]: [256, 82],
  [GgmlType.IQ4_XS]: [256, 136],
  [GgmlType.I8]: [1, 1],
  [GgmlType.I16]: [1, 2],
  [GgmlType.I32]: [1, 4],
  [GgmlType.I64]: [1, 8],
  [GgmlType.F64]: [1, 8],
  [GgmlType.IQ1_M]: [256, 56],
  [GgmlType.BF16]: [1, 2],
};

/** Smallest possible GGUF: magic, version, tensor count, metadata count. */
const MIN_HEADER_BYTES = 4 + 4 + 8 + 8;

/**
 * Check that `path` is a complete GGUF file before native code sees it: llama.cpp reads tensor
 * data with mmap, so a truncated file could otherwise take the whole process down.
 * Throws `model_missing` (no such file) or `model_invalid` (wrong magic, unparsable header,
 * tensor data past the end of the file); both name the file.
 */
export async function validateGgufFile(path: string): Promise<GgufFileInfo> {
  const name = basename(path);
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error("not a file");
    size = info.size;
  } catch {
    throw new ScriptoriumError("model_missing", `Model file not found: ${path}`, { path });
  }
  const invalid = (reason: string): ScriptoriumError =>
    new ScriptoriumError("model_invalid", `${name} is not a loadable GGUF model: ${reason}`, { path, reason });
  if (size < MIN_HEADER_BYTES) throw invalid(`file is only ${size} bytes`);
  const magic = await readMagic(path);
  if (magic !== "GGUF") throw invalid(`expected magic "GGUF", found ${JSON.stringify(magic)}`);

  let info: GgufFileInfo;
  try {
    info = await readGgufFileInfo(path, { readTensorInfo: true, logWarnings: false });
  } catch (error) {
    throw invalid(`header cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  const tensors = info.fullTensorInfo ?? info.tensorInfo ?? [];
  if (tensors.length === 0) throw invalid("no tensors");
  const partSizes = new Map<number, number>([[1, size]]);
  for (const tensor of tensors) {
    const partLength = await partSize(info, tensor.filePart, partSizes);
    const end = Number(tensor.fileOffset) + (tensorByteSize(tensor) ?? 1);
    if (end > partLength) {
      throw invalid(`truncated: tensor ${tensor.name} ends at byte ${end}, file has ${partLength}`);
    }
  }
  return info;
}

/** Size of split part `part` (1-based); `sourceData[].length` is only what the reader read. */
async function partSize(info: GgufFileInfo, part: number, cache: Map<number, number>): Promise<number> {
  const cached = cache.get(part);
  if (cached !== undefined) return cached;
  const source = info.sourceData[part - 1];
  const size = source?.type === "path" ? await stat(source.path).then((s) => s.size, () => 0) : 0;
  cache.set(part, size);
  return size;
}

async function readMagic(path: string): Promise<string> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(4);
    await handle.read(buffer, 0, 4, 0);
    return buffer.toString("latin1");
  } finally {
    await handle.close();
  }
}

/** Bytes of a tensor's data, or undefined for a type this table does not know. */
function tensorByteSize(tensor: GgufTensorInfo): number | undefined {
  const layout = BLOCK_LAYOUT[tensor.ggmlType];
  if (!layout) return undefined;
  const elements = tensor.dimensions.reduce<number>((a, b) => a * Number(b), 1);
  return Math.ceil(elements / layout[0]) * layout[1];
}
