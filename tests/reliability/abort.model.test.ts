import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerateTextResult } from "../../electron/engine/llm/LlmClient.js";
import { LlamaCppProvider } from "../../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { physicalCoreCount } from "../../electron/engine/llm/physicalCoreCount.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { chaosCount, chaosSeed, randomInt, seededRandom } from "./helpers/seededRandom.js";

/**
 * Random aborts during real generation on the tiny GGUF: each call returns within the 500 ms bound
 * the LlmClient contract promises, keeps the partial text (a prefix of what was streamed), and the
 * next generation on the same service works.
 */
const ABORTS = chaosCount("ABORTS", 20);
/** The contract's bound (LlmClient.GenerateTextOptions.signal): the one wall-clock assertion allowed. */
const ABORT_BOUND_MS = 500;
const seed = chaosSeed();

let service: LlmService;
let llm: LlamaCppProvider;

beforeAll(async () => {
  service = new LlmService();
  await service.load({ modelPath: await createTinyGguf(), threads: physicalCoreCount(), sequences: 2, contextSize: 2048 });
  llm = new LlamaCppProvider(service);
});

afterAll(async () => {
  await service?.dispose();
});

/** One generation aborted `abortAfterMs` after its first chunk; `returnedAfterMs` is null when it ended first. */
async function abortedGeneration(
  i: number,
  abortAfterMs: number,
): Promise<{ result: GenerateTextResult; chunks: string[]; returnedAfterMs: number | null; chunksAfterAbort: number }> {
  const controller = new AbortController();
  const chunks: string[] = [];
  let abortedAt = 0;
  let chunksAfterAbort = 0;
  let timer: NodeJS.Timeout | undefined;
  const result = await llm.generateText({
    prompt: `story number ${i}`,
    maxTokens: 1500,
    maxContinuations: 0,
    signal: controller.signal,
    onTextChunk: (text) => {
      chunks.push(text);
      if (abortedAt !== 0) chunksAfterAbort++;
      timer ??= setTimeout(() => {
        abortedAt = performance.now();
        controller.abort();
      }, abortAfterMs);
    },
  });
  clearTimeout(timer);
  return { result, chunks, returnedAfterMs: abortedAt === 0 ? null : performance.now() - abortedAt, chunksAfterAbort };
}

describe(`abort during generation (seed ${seed})`, () => {
  it(`${ABORTS} random aborts each return within ${ABORT_BOUND_MS} ms with the partial text kept`, async () => {
    const random = seededRandom(seed);
    const overruns: string[] = [];
    const starved: string[] = [];
    for (let i = 0; i < ABORTS; i++) {
      // Abort from a timer started at the first chunk, so the signal lands while llama.cpp is evaluating.
      const abortAfterMs = randomInt(random, 0, 300);
      const label = `abort #${i + 1}, ${abortAfterMs} ms after the first chunk`;
      let run = await abortedGeneration(i, abortAfterMs);
      // An overrun can be the shared 2-core box starving this process (sibling test files run llama.cpp
      // too); an abort the library ignores overruns every time, so the same abort is measured again.
      for (let attempt = 2; attempt <= 3 && run.returnedAfterMs !== null && run.returnedAfterMs >= ABORT_BOUND_MS; attempt++) {
        overruns.push(`${label}: ${Math.round(run.returnedAfterMs)} ms`);
        run = await abortedGeneration(i, abortAfterMs);
      }
      const { result, chunks, returnedAfterMs } = run;
      if (process.env.CHAOS_VERBOSE) console.log(label, returnedAfterMs === null ? "(ended before the abort)" : Math.round(returnedAfterMs));
      // The random model may end its reply before the timer fires; then there was nothing to abort.
      if (returnedAfterMs === null) {
        expect(["eog", "maxTokens"], label).toContain(result.stopReason);
        continue;
      }
      expect(result.stopReason, label).toBe("abort");
      if (returnedAfterMs >= ABORT_BOUND_MS) {
        // Still slow after three tries: the CPU is saturated. Then the abort must at least have been
        // honoured at the next token (at most the one in flight streamed after it) and within 2 s.
        starved.push(`${label}: ${Math.round(returnedAfterMs)} ms, ${run.chunksAfterAbort} chunk(s) after the abort`);
        expect(run.chunksAfterAbort, label).toBeLessThanOrEqual(1);
        expect(returnedAfterMs, label).toBeLessThan(4 * ABORT_BOUND_MS);
      }
      const streamed = chunks.join("");
      expect(streamed.startsWith(result.text), label).toBe(true);
      expect(result.text.length, label).toBeGreaterThan(0);
    }
    if (overruns.length) console.warn(`[abort] re-measured after an overrun: ${overruns.join("; ")}`);
    if (starved.length) console.warn(`[abort] over ${ABORT_BOUND_MS} ms three times (CPU saturated): ${starved.join("; ")}`);
    // Most aborts meet the bound outright even on a loaded box.
    expect(starved.length).toBeLessThanOrEqual(Math.floor(ABORTS / 4));
    // The service is still usable: a normal generation completes.
    const after = await llm.generateText({ prompt: "after the aborts", maxTokens: 16, maxContinuations: 0 });
    expect(["eog", "maxTokens"]).toContain(after.stopReason);
    expect(after.tokens).toBeGreaterThan(0);
  }, 300_000);

  it("an abort before any token returns at once with empty text, and the pool is not leaked", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await llm.generateText({ prompt: "never", maxTokens: 100, signal: controller.signal });
    expect(result.stopReason).toBe("abort");
    expect(result.text).toBe("");
    // Both sequences are free again: two concurrent generations finish.
    const both = await Promise.all([0, 1].map((n) => llm.generateText({ prompt: `pool ${n}`, maxTokens: 8, maxContinuations: 0 })));
    for (const r of both) expect(r.tokens).toBeGreaterThan(0);
  }, 120_000);
});
