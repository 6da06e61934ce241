import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GgmlType } from "node-llama-cpp";
import { afterAll, describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../../shared/errors.js";
import { encodeGguf } from "../../../tests/fixtures/ggufWriter.js";
import { GGML_TYPES, ggmlTensorBytes, ggmlType } from "./ggmlTypes.js";
import { inspectGguf, validateGgufFile } from "./validateGguf.js";

const dir = mkdtempSync(join(tmpdir(), "scriptorium-gguf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function model(floats: number): Buffer {
  return encodeGguf({
    metadata: {
      "general.architecture": "qwen2",
      "qwen2.context_length": 4096,
      "qwen2.block_count": 2,
      "qwen2.embedding_length": 64,
      "qwen2.attention.head_count": 4,
      "qwen2.attention.head_count_kv": 2,
    },
    tensors: [
      { name: "a", dims: [floats], type: "F32", data: new Float32Array(floats).fill(0.25) },
      { name: "b", dims: [floats], type: "F16", data: new Float32Array(floats).fill(0.5) },
    ],
  });
}
async function invalidReason(path: string): Promise<string> {
  const error = await validateGgufFile(path).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ScriptoriumError);
  expect((error as ScriptoriumError).code).toBe("model_invalid");
  return (error as ScriptoriumError).message;
}

describe("ggml type table", () => {
  it("uses node-llama-cpp's GgmlType ids and names", () => {
    for (const info of GGML_TYPES.values()) expect(GgmlType[info.name as keyof typeof GgmlType], info.name).toBe(info.id);
    expect(ggmlType("Q8_0")).toMatchObject({ id: 8, blockSize: 32, bytesPerBlock: 34 });
    expect(ggmlType("Q4_0")).toMatchObject({ id: 2, blockSize: 32, bytesPerBlock: 18 });
    expect(ggmlTensorBytes(8, 33)).toBe(68); // a partial last block takes a whole block
    expect(ggmlTensorBytes(999, 10)).toBeUndefined();
    expect(() => ggmlType("Q9_9")).toThrow(/unknown ggml type/);
  });
});

describe("validateGgufFile / inspectGguf", () => {
  const good = join(dir, "good.gguf");
  writeFileSync(good, model(256));

  it("accepts a complete file and reads the manager's summary", async () => {
    expect((await validateGgufFile(good)).tensorInfo).toHaveLength(2);
    expect(await inspectGguf(good)).toEqual({ architecture: "qwen2", contextLength: 4096, hasChatTemplate: false, kv: { layers: 2, kvHeads: 2, headDim: 16 } });
  });

  it("refuses every truncation, naming the file (the last tensor is sized by its ggml type)", async () => {
    const bytes = model(256);
    for (const cut of [bytes.length - 1, bytes.length - 300, 40, 10]) {
      const path = join(dir, `cut-${cut}.gguf`);
      writeFileSync(path, bytes.subarray(0, cut));
      expect(await invalidReason(path)).toContain(`cut-${cut}.gguf`);
    }
  });

  it("names the wrong magic and an unsupported version; a missing file is model_missing", async () => {
    writeFileSync(join(dir, "notes.gguf"), "just words, long enough to hold a header of a model file");
    expect(await invalidReason(join(dir, "notes.gguf"))).toContain("magic");
    const v99 = model(16);
    v99.writeUInt32LE(99, 4);
    writeFileSync(join(dir, "v99.gguf"), v99);
    expect(await invalidReason(join(dir, "v99.gguf"))).toContain("version 99");
    await expect(validateGgufFile(join(dir, "nope.gguf"))).rejects.toMatchObject({ code: "model_missing" });
  });
});
