/**
 * The ggml tensor types: id (as stored in a GGUF tensor header) → name, elements per block and
 * bytes per block (ggml.c `type_traits`). The one table for everything that sizes tensor data:
 * the GGUF validator, the model manager and the benchmark/test model writers. Deliberately free of
 * node-llama-cpp (its entry is heavy) — the ids match its `GgmlType` enum, which a test checks.
 */
export interface GgmlTypeInfo {
  readonly id: number;
  readonly name: string;
  /** Elements stored in one block (1 for plain float/int types, 32 or 256 for quantised ones). */
  readonly blockSize: number;
  /** Bytes one block takes on disk. */
  readonly bytesPerBlock: number;
}

const TABLE: ReadonlyArray<readonly [id: number, name: string, blockSize: number, bytesPerBlock: number]> = [
  [0, "F32", 1, 4],
  [1, "F16", 1, 2],
  [2, "Q4_0", 32, 18],
  [3, "Q4_1", 32, 20],
  [6, "Q5_0", 32, 22],
  [7, "Q5_1", 32, 24],
  [8, "Q8_0", 32, 34],
  [9, "Q8_1", 32, 36],
  [10, "Q2_K", 256, 84],
  [11, "Q3_K", 256, 110],
  [12, "Q4_K", 256, 144],
  [13, "Q5_K", 256, 176],
  [14, "Q6_K", 256, 210],
  [15, "Q8_K", 256, 292],
  [16, "IQ2_XXS", 256, 66],
  [17, "IQ2_XS", 256, 74],
  [18, "IQ3_XXS", 256, 98],
  [19, "IQ1_S", 256, 50],
  [20, "IQ4_NL", 32, 18],
  [21, "IQ3_S", 256, 110],
  [22, "IQ2_S", 256, 82],
  [23, "IQ4_XS", 256, 136],
  [24, "I8", 1, 1],
  [25, "I16", 1, 2],
  [26, "I32", 1, 4],
  [27, "I64", 1, 8],
  [28, "F64", 1, 8],
  [29, "IQ1_M", 256, 56],
  [30, "BF16", 1, 2],
];

/** Every type we can size, by id. */
export const GGML_TYPES: ReadonlyMap<number, GgmlTypeInfo> = new Map(
  TABLE.map(([id, name, blockSize, bytesPerBlock]) => [id, { id, name, blockSize, bytesPerBlock }]),
);

/** The same types by name (`GGML_TYPE_BY_NAME.get("Q8_0")!.id === 8`). */
export const GGML_TYPE_BY_NAME: ReadonlyMap<string, GgmlTypeInfo> = new Map([...GGML_TYPES.values()].map((t) => [t.name, t]));

/** Look a type up by name; throws for a name not in the table (a typo in a writer is a bug). */
export function ggmlType(name: string): GgmlTypeInfo {
  const info = GGML_TYPE_BY_NAME.get(name);
  if (!info) throw new Error(`unknown ggml type ${JSON.stringify(name)}`);
  return info;
}

/**
 * Bytes of tensor data for `elements` values of type `id`, or undefined for a type this table
 * does not know. A partial last block still takes a whole block.
 */
export function ggmlTensorBytes(id: number, elements: number): number | undefined {
  const info = GGML_TYPES.get(id);
  return info ? Math.ceil(elements / info.blockSize) * info.bytesPerBlock : undefined;
}
