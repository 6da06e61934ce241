import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { LlamaCppProvider } from "../../electron/engine/llm/LlamaCppProvider.js";
import type { GenerateTextOptions, LlmClient } from "../../electron/engine/llm/LlmClient.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { isTerminal, tempDataDir, waitForEvent } from "../../electron/engine/testing/engineTestKit.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";

/**
 * Load on one model: 8 sessions at once on the real tiny GGUF with a sequence pool of 2 (demand
 * four times the supply), 3 rounds. Every session finishes; the pool serves requests first come
 * first served (none starves); cancelling one mid-stream leaves the others untouched; RSS growth
 * across the rounds is reported (and must stay under a generous bound: a leak per round would not).
 */
const SESSIONS = 8;
const POOL = 2;
const ROUNDS = 3;

let dataDir: string;
let service: LlmService;
let engine: Engine;
/** The order calls reached the LLM and the order their first chunk came back, per round. */
let requested: string[] = [];
let firstChunk: string[] = [];

/** The real provider, recording when each call is made and when its first chunk streams. */
function recording(inner: LlmClient): LlmClient {
  return {
    id: inner.id,
    generateText(call: GenerateTextOptions) {
      const tag = call.prompt;
      requested.push(tag);
      let first = true;
      return inner.generateText({
        ...call,
        onTextChunk: (text) => {
          if (first) firstChunk.push(tag);
          first = false;
          call.onTextChunk?.(text);
        },
      });
    },
    generateStructured: (call) => inner.generateStructured(call),
  };
}

beforeAll(async () => {
  dataDir = tempDataDir("scriptorium-load-");
  service = new LlmService();
  await service.load({ modelPath: await createTinyGguf(), threads: 1, sequences: POOL, contextSize: 2048 });
  engine = await createEngine({ dataDir, llm: recording(new LlamaCppProvider(service)), eventFlushIntervalMs: 5 });
}, 120_000);
afterAll(async () => {
  await engine?.dispose();
  await service?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`${SESSIONS} sessions on one model, pool of ${POOL}, ${ROUNDS} rounds`, () => {
  it("all finish, first come first served, a cancel touches no other session, memory reported", async () => {
    const rss: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      requested = [];
      firstChunk = [];
      const ids: string[] = [];
      for (let i = 0; i < SESSIONS; i++) {
        const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: `round ${round} session ${i}`, maxTokens: 48 } });
        ids.push(sessionId);
      }
      // Cancel one of the waiting sessions once it streams: the others must not notice.
      const victim = ids[3]!;
      await waitForEvent(engine, victim, (e) => e.type === "token");
      await engine.call("run.cancel", { sessionId: victim });
      const ends = await Promise.all(ids.map((id) => waitForEvent(engine, id, isTerminal).then((events) => events.at(-1)!)));
      for (const [i, end] of ends.entries()) {
        if (ids[i] === victim) expect(end.type === "error" ? end.error.code : end.type, `round ${round} victim`).toMatch(/aborted|done/);
        else expect(end.type, `round ${round} session ${i}`).toBe("done");
      }
      // FIFO: a call made POOL or more places later never streams before an earlier one.
      expect([...requested].sort()).toEqual([...firstChunk].sort());
      for (let i = 0; i < requested.length; i++) {
        for (let j = i + POOL; j < requested.length; j++) {
          expect(firstChunk.indexOf(requested[i]!), `${requested[i]} before ${requested[j]}`).toBeLessThan(firstChunk.indexOf(requested[j]!));
        }
      }
      if (global.gc) global.gc();
      rss.push(process.memoryUsage().rss);
    }
    const growthMb = (rss.at(-1)! - rss[0]!) / 1024 ** 2;
    console.log(`[load] ${SESSIONS} sessions × ${ROUNDS} rounds, pool ${POOL}: RSS ${rss.map((b) => (b / 1024 ** 2).toFixed(0)).join(" → ")} MB (growth ${growthMb.toFixed(1)} MB from round 1 to ${ROUNDS})`);
    expect(growthMb).toBeLessThan(64);
  }, 300_000);
});
