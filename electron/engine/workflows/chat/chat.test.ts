import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { createEngine } from "../../createEngine.js";
import type { Engine } from "../../Engine.js";
import { isTerminal, tempDataDir, waitForEvent } from "../../testing/engineTestKit.js";
import { ScriptedLlm } from "../../testing/ScriptedLlm.js";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function engineWith(llm: ScriptedLlm): Promise<Engine> {
  const dir = tempDataDir();
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const engine = await createEngine({ dataDir: dir, llm, appVersion: "test" });
  cleanup.push(() => engine.dispose());
  return engine;
}

describe("chat workflow (scripted LLM)", () => {
  it("passes prompt, system and length cap to the LLM and streams the reply", async () => {
    const llm = new ScriptedLlm({ replies: { "chat.reply": "A reply that is streamed in several chunks." }, chunkSize: 8 });
    const engine = await engineWith(llm);
    const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "Write one line", system: "Be terse.", maxTokens: 64 } });
    const events = await waitForEvent(engine, sessionId, isTerminal);
    expect(events.filter((e) => e.type === "token").length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({ type: "done", result: { text: "A reply that is streamed in several chunks." } });
    const [call] = llm.callsFor("chat", "reply");
    expect(call).toMatchObject({ prompt: "Write one line", system: "Be terse.", options: { maxTokens: 64, maxContinuations: 0 } });
    expect(call?.options.signal).toBeInstanceOf(AbortSignal);
  });

  it("ends cancelled, not done, when cancelled mid-stream", async () => {
    const llm = new ScriptedLlm({ replies: { "chat.reply": "x".repeat(400) }, chunkSize: 1, chunkDelayMs: 5 });
    const engine = await engineWith(llm);
    const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "long" } });
    await waitForEvent(engine, sessionId, (e) => e.type === "token");
    await engine.call("run.cancel", { sessionId });
    const events = await waitForEvent(engine, sessionId, isTerminal);
    expect(events.at(-1)).toMatchObject({ type: "error", error: { code: "aborted" } });
    expect((await engine.call("run.state", { sessionId })).session.status).toBe("cancelled");
  });

  it("never pauses: a resume is a conflict", async () => {
    const engine = await engineWith(new ScriptedLlm({ replies: { "chat.reply": "ok" } }));
    const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "hi" } });
    await waitForEvent(engine, sessionId, isTerminal);
    await expect(engine.call("run.resume", { sessionId, payload: { action: "x" } })).rejects.toMatchObject({ code: "conflict" });
  });
});
