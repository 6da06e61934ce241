import { LlamaCppProvider } from "../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../electron/engine/llm/LlmService.js";
import { physicalCoreCount } from "../electron/engine/llm/physicalCoreCount.js";
import { createTinyGguf } from "../tests/fixtures/tinyGguf.js";
import type { BenchContext, GroupResult } from "./lib/types.js";
import { emptyResult } from "./lib/types.js";

/**
 * Abort latency on real llama.cpp (the tiny GGUF): time from `controller.abort()` to the
 * generation returning, for aborts landing at random points of a long generation. The LlmClient
 * contract's figure is 500 ms; tests only assert that generation stops at the next token
 * (tests/reliability/abort.model.test.ts), the milliseconds are measured here.
 */
export async function abortBench(ctx: BenchContext): Promise<GroupResult> {
  const result = emptyResult();
  const service = new LlmService();
  try {
    await service.load({ modelPath: await createTinyGguf(), threads: physicalCoreCount(), sequences: 2, contextSize: 2048 });
    const llm = new LlamaCppProvider(service);
    const samples: number[] = [];
    const runs = ctx.quick ? 10 : 40;
    for (let i = 0; i < runs; i++) {
      const controller = new AbortController();
      let abortedAt = 0;
      let timer: NodeJS.Timeout | undefined;
      // Deterministic spread of abort points 0–300 ms after the first chunk.
      const after = (i * 37) % 300;
      await llm.generateText({
        prompt: `story number ${i}`,
        maxTokens: 1500,
        maxContinuations: 0,
        signal: controller.signal,
        onTextChunk: () => {
          timer ??= setTimeout(() => {
            abortedAt = performance.now();
            controller.abort();
          }, after);
        },
      });
      clearTimeout(timer);
      if (abortedAt !== 0) samples.push(performance.now() - abortedAt);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? null;
    result.metrics["abort.p50_ms"] = at(0.5);
    result.metrics["abort.p95_ms"] = at(0.95);
    result.metrics["abort.max_ms"] = samples.at(-1) ?? null;
    result.metrics["abort.within_500ms_rate"] = samples.length ? samples.filter((ms) => ms < 500).length / samples.length : null;
    result.notes.push(`${samples.length} of ${runs} generations aborted mid-stream (the rest ended first)`);
  } finally {
    await service.dispose();
  }
  return result;
}
