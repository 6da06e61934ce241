import { describe, expect, it } from "vitest";
import { estimateKvCacheBytes, fitEstimate } from "./fitEstimate.js";

const GiB = 1024 ** 3;
// Qwen2.5-3B: 36 layers, 2 KV heads, head dim 128.
const qwen3b = { layers: 36, kvHeads: 2, headDim: 128 };

describe("fitEstimate", () => {
  it("computes the KV cache from the header shape", () => {
    expect(estimateKvCacheBytes(4096, qwen3b, 2 * GiB)).toBe(2 * 36 * 2 * 128 * 2 * 4096);
  });

  it("guesses the KV cache from the file size when no header is known, bounded", () => {
    const small = estimateKvCacheBytes(1000, null, 100);
    const large = estimateKvCacheBytes(1000, null, 1000 * GiB);
    expect(small).toBe(16 * 1024 * 1000);
    expect(large).toBe(512 * 1024 * 1000);
    expect(estimateKvCacheBytes(4096, null, 2 * GiB)).toBeGreaterThan(estimateKvCacheBytes(2048, null, 2 * GiB));
  });

  it("is green when the model fits in 60 % of free RAM", () => {
    const r = fitEstimate({ modelBytes: 2 * GiB, contextSize: 4096, kv: qwen3b, freeRamBytes: 8 * GiB, totalRamBytes: 16 * GiB });
    expect(r.fit).toBe("green");
    expect(r.requiredBytes).toBeGreaterThan(2 * GiB);
  });

  it("is yellow when it fits in RAM but not comfortably in free RAM", () => {
    const r = fitEstimate({ modelBytes: 4.7 * GiB, contextSize: 4096, freeRamBytes: 6 * GiB, totalRamBytes: 8 * GiB });
    expect(r.fit).toBe("yellow");
  });

  it("is red when it needs more than 90 % of all memory", () => {
    const r = fitEstimate({ modelBytes: 7.5 * GiB, contextSize: 8192, freeRamBytes: 6 * GiB, totalRamBytes: 8 * GiB });
    expect(r.fit).toBe("red");
  });

  it("counts VRAM: a model too big for RAM alone can be green on a GPU", () => {
    const base = { modelBytes: 7.5 * GiB, contextSize: 4096, kv: qwen3b, freeRamBytes: 4 * GiB, totalRamBytes: 8 * GiB };
    expect(fitEstimate(base).fit).toBe("red");
    expect(fitEstimate({ ...base, freeVramBytes: 12 * GiB, totalVramBytes: 12 * GiB }).fit).toBe("green");
  });

  it("grows with the context size and is monotone", () => {
    const at = (ctx: number) => fitEstimate({ modelBytes: 2 * GiB, contextSize: ctx, kv: qwen3b, freeRamBytes: 4 * GiB, totalRamBytes: 8 * GiB });
    expect(at(2048).fit).toBe("green");
    expect(at(131_072).fit).not.toBe("green");
    expect(at(8192).requiredBytes).toBeGreaterThan(at(2048).requiredBytes);
  });

  it("is unknown without memory figures", () => {
    expect(fitEstimate({ modelBytes: GiB, contextSize: 4096, freeRamBytes: 0, totalRamBytes: 0 }).fit).toBe("unknown");
  });

  it("does not call a model fluent on a CPU with too few cores for its size, however much memory is free", () => {
    const plenty = { contextSize: 4096, freeRamBytes: 64 * GiB, totalRamBytes: 64 * GiB };
    expect(fitEstimate({ ...plenty, modelBytes: 1.1 * GiB, cpuCores: 2 }).fit).toBe("green");
    expect(fitEstimate({ ...plenty, modelBytes: 5 * GiB, cpuCores: 2 }).fit).toBe("yellow");
    expect(fitEstimate({ ...plenty, modelBytes: 5 * GiB, cpuCores: 8 }).fit).toBe("green");
    // A GPU carries the weights: the cores do not matter.
    expect(fitEstimate({ ...plenty, modelBytes: 5 * GiB, cpuCores: 2, freeVramBytes: 20 * GiB, totalVramBytes: 24 * GiB }).fit).toBe("green");
  });
});
