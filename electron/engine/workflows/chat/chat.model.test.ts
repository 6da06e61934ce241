import type { EventOf } from "../../../../shared/events.js";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { createTinyGguf } from "../../../../tests/fixtures/tinyGguf.js";
import { createEngine } from "../../createEngine.js";
import type { Engine } from "../../Engine.js";
import { isTerminal, tempDataDir, waitForEvent } from "../../testing/engineTestKit.js";

describe("chat workflow on real llama.cpp (tiny GGUF)", () => {
  const dir = tempDataDir();
  let engine: Engine | null = null;
  afterAll(async () => {
    await engine?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("streams tokens whose concatenation is the final text", async () => {
    engine = await createEngine({ dataDir: dir, modelPath: await createTinyGguf(), appVersion: "test" });
    await engine.call("settings.update", { contextSize: 512, sequences: 1 });
    const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "the cat", maxTokens: 12 } });
    const events = await waitForEvent(engine, sessionId, isTerminal);
    const last = events.at(-1);
    expect(last?.type).toBe("done");
    const text = (last as EventOf<"done">).result?.text as string;
    const streamed = events.flatMap((e) => (e.type === "token" ? [e.text] : [])).join("");
    expect(streamed).toBe(text);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect((await engine.call("health", {})).model).toMatchObject({ backend: "llamacpp", sequences: 1 });
  }, 180_000);
});
