import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { readSse } from "../../electron/engine/io/sseReader.js";
import { chunkLlm, isTerminal, tempDataDir, waitForEvent } from "../../electron/engine/testing/engineTestKit.js";
import { createServer, type ScriptoriumServer } from "../../electron/server/createServer.js";
import { chaosCount, chaosSeed, randomInt, seededRandom } from "./helpers/seededRandom.js";

/**
 * Load on the event stream: 50 SSE clients on one live session, and 200 reconnects with a random
 * `Last-Event-ID` while it runs and after. Each connection must receive exactly the events after
 * its cursor — every one, once, in order (consecutive `id`s up to the terminal event).
 */
const CLIENTS = chaosCount("SSE_CLIENTS", 50);
const RECONNECTS = chaosCount("SSE_RECONNECTS", 200);
const TOKEN = "sse-fanout-token-1234";
const seed = chaosSeed();

let dataDir: string;
let engine: Engine;
let server: ScriptoriumServer;

beforeAll(async () => {
  dataDir = tempDataDir("scriptorium-sse-fanout-");
  // 400 streamed chunks, 2 ms apart: a run long enough for reconnects to land mid-stream.
  engine = await createEngine({ dataDir, llm: chunkLlm(Array.from({ length: 400 }, (_, i) => `w${i} `), { delayMs: 2 }), eventFlushIntervalMs: 5 });
  server = await createServer({ api: engine, token: TOKEN });
});
afterAll(async () => {
  await server?.close();
  await engine?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One SSE connection from `cursor`: the ids it received, until the terminal event (or `stopAfter` events, then it leaves). */
async function connect(sessionId: string, cursor: number, stopAfter = Number.POSITIVE_INFINITY): Promise<{ cursor: number; ids: number[]; types: string[] }> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/sessions/${sessionId}/stream`, {
    headers: { Authorization: `Bearer ${TOKEN}`, "Last-Event-ID": String(cursor), Accept: "text/event-stream" },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const ids: number[] = [];
  const types: string[] = [];
  try {
    for await (const event of readSse(response.body!)) {
      ids.push(Number(event.id));
      types.push(event.event ?? "message");
      if (["done", "error", "await_user"].includes(event.event ?? "") || ids.length >= stopAfter) break;
    }
  } finally {
    controller.abort();
  }
  return { cursor, ids, types };
}

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

describe(`SSE under load (seed ${seed})`, () => {
  it(`${CLIENTS} clients on one session and ${RECONNECTS} reconnects with random Last-Event-ID: every event exactly once, in order`, async () => {
    const random = seededRandom(seed);
    const { sessionId } = (await (
      await fetch(`${server.url}/api/rpc/run.start`, {
        method: "POST",
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ workflow: "chat", input: { prompt: "a long reply" } }),
      })
    ).json()) as { sessionId: string };

    const clients = Array.from({ length: CLIENTS }, () => connect(sessionId, 0));
    // Reconnects spread over the run: each leaves after a few events and comes back from a random cursor.
    const reconnects: Array<Promise<{ cursor: number; ids: number[]; types: string[] }>> = [];
    let highest = 0;
    // A cursor is always below the highest id seen, so every connection has at least the terminal event to come.
    const cursor = () => randomInt(random, 0, Math.max(0, highest - 1));
    for (let i = 0; i < RECONNECTS; i++) {
      const first = await connect(sessionId, cursor(), randomInt(random, 1, 5));
      highest = Math.max(highest, first.ids.at(-1) ?? 0);
      reconnects.push(connect(sessionId, cursor()));
    }
    await waitForEvent(engine, sessionId, isTerminal);
    const final = (await engine.call("events.list", { sessionId, afterSeq: 0 })).events.at(-1)!.seq;
    expect(final).toBeGreaterThan(400);

    for (const [i, result] of (await Promise.all(clients)).entries()) {
      expect(result.ids, `client ${i}`).toEqual(range(1, final));
    }
    const done = await Promise.all(reconnects);
    expect(done).toHaveLength(RECONNECTS);
    for (const [i, result] of done.entries()) {
      expect(result.ids, `reconnect ${i} from Last-Event-ID ${result.cursor}`).toEqual(range(result.cursor + 1, final));
    }
    // Some reconnects really landed mid-run (a cursor behind the live edge), not only after the end.
    expect(done.filter((r) => r.cursor > 0 && r.cursor < final - 50).length).toBeGreaterThan(RECONNECTS / 10);
  }, 240_000);
});
