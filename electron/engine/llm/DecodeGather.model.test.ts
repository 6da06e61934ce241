import { readFile } from "node:fs/promises";
import { getLlama, LlamaLogLevel, type Llama, type LlamaContext, type LlamaContextSequence, type LlamaModel } from "node-llama-cpp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTinyGguf } from "../../../tests/fixtures/tinyGguf.js";
import { DecodeGather, GATHER_PATCHED_VERSION, nativePasses, sequenceIdOf } from "./DecodeGather.js";

let llama: Llama;
let model: LlamaModel;

beforeAll(async () => {
  llama = await getLlama({ build: "never", gpu: false, logLevel: LlamaLogLevel.error });
  model = await llama.loadModel({ modelPath: await createTinyGguf(), gpuLayers: 0 });
});
afterAll(async () => {
  await model.dispose();
  await llama.dispose();
});

/** Greedy generation of `n` tokens on one sequence, the way a chat call decodes. */
async function generate(sequence: LlamaContextSequence, prompt: string, n: number): Promise<number> {
  let count = 0;
  for await (const _token of sequence.evaluate(model.tokenize(prompt), { temperature: 0 })) {
    if (++count >= n) break;
  }
  return count;
}

async function withContext<T>(run: (context: LlamaContext, sequences: LlamaContextSequence[]) => Promise<T>): Promise<T> {
  const context = await model.createContext({ sequences: 4, contextSize: 512, threads: 1 });
  try {
    return await run(context, [0, 1, 2, 3].map(() => context.getSequence()));
  } finally {
    await context.dispose();
  }
}

describe("DecodeGather on node-llama-cpp", () => {
  it("patches the pinned version only", async () => {
    const pkg = JSON.parse(await readFile(new URL("../../../package.json", import.meta.url), "utf8")) as { dependencies: Record<string, string> };
    // An exact pin: the gather wraps internals, so an upgrade must be a deliberate, re-tested change.
    expect(pkg.dependencies["node-llama-cpp"]).toBe(GATHER_PATCHED_VERSION);
    const installed = JSON.parse(await readFile(new URL("../../../node_modules/node-llama-cpp/package.json", import.meta.url), "utf8")) as { version: string };
    expect(installed.version).toBe(GATHER_PATCHED_VERSION);
  });

  it("puts four concurrent sequences in full decode batches", async () => {
    await withContext(async (context, sequences) => {
      const inFlight = new Set(sequences);
      // A generous timeout: on a loaded CI machine a sampling step can take longer than the default.
      const gather = new DecodeGather(context, () => inFlight, { timeoutMs: 500 });
      expect(gather.install()).toBe(true);
      // Started in descending id order, so requests arrive 3, 2, 1, 0.
      const counts = await Promise.all([...sequences].reverse().map((s, i) => generate(s, `Section ${i} begins`, 30).finally(() => {
        inFlight.delete(s);
        gather.check();
      })));
      expect(counts).toEqual([30, 30, 30, 30]);
      // ...and still queued in ascending order, which llama.cpp decodes as one pass (in arrival
      // order it would be four).
      expect(sequences.map(sequenceIdOf)).toEqual([0, 1, 2, 3]);
      const batches = [...gather.histogram.values()].reduce((a, b) => a + b, 0);
      expect(gather.passesHistogram.get(1) ?? 0).toBeGreaterThanOrEqual(0.95 * batches);
      // Every batch carries all four (prompts are prefilled together too).
      expect(gather.shareOfBatches(4)).toBeGreaterThanOrEqual(0.95);
      expect([...gather.histogram.keys()].every((size) => size >= 1 && size <= 4)).toBe(true);
      // One native time per decode step (one token per sequence), under its size; the batches
      // that prefill the prompts are counted but not timed as steps.
      const timed = [...gather.stepMs.values()].reduce((sum, list) => sum + list.length, 0);
      expect(timed).toBeLessThan(batches);
      expect(timed).toBeGreaterThanOrEqual(0.8 * batches);
      for (const [size, list] of gather.stepMs) {
        expect(list.length).toBeLessThanOrEqual(gather.histogram.get(size) ?? 0);
        expect(list.every((ms) => ms > 0)).toBe(true);
      }
      gather.resetHistogram();
      expect(gather.stepMs.size).toBe(0);
      expect(gather.passesHistogram.size).toBe(0);
    });
  });

  it("counts without holding when hold is off, and a lone call is never held", async () => {
    await withContext(async (context, sequences) => {
      const counter = new DecodeGather(context, () => sequences, { hold: false });
      expect(counter.install()).toBe(true);
      expect(await generate(sequences[0]!, "alone", 10)).toBe(10);
      expect(counter.histogram.get(1)).toBeGreaterThanOrEqual(10);
    });
    await withContext(async (context, sequences) => {
      const only = [sequences[1]!];
      // A long timeout that would show up if a call waited for sequences that are not in flight.
      const gather = new DecodeGather(context, () => only, { timeoutMs: 60_000 });
      gather.install();
      expect(await generate(sequences[1]!, "alone", 10)).toBe(10);
      expect(gather.histogram.get(1)).toBe(10);
    });
  });

  it("counts the passes llama.cpp makes of a batch the way its sequential equal split does", () => {
    expect(nativePasses([0, 1, 2, 3])).toBe(1);
    expect(nativePasses([3, 2, 1, 0])).toBe(4);
    // 3 | 1 2 | 0: each pass starts at the first item left and takes every id one above the last.
    expect(nativePasses([3, 1, 0, 2])).toBe(3);
    expect(nativePasses([0, 1, 3, 2])).toBe(2);
    expect(nativePasses([1, 3])).toBe(2);
    expect(nativePasses([2])).toBe(1);
    expect(nativePasses([])).toBe(0);
  });

  it("leaves a context alone whose internals are not the expected ones", () => {
    const fake = { _ctx: {} } as unknown as LlamaContext;
    expect(new DecodeGather(fake, () => []).install()).toBe(false);
  });
});
