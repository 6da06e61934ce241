import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../shared/events.js";
import { createEngine } from "./createEngine.js";
import type { Engine } from "./Engine.js";
import { listRemoteModels } from "./llm/listRemoteModels.js";
import { expectError } from "./testing/expectError.js";
import { isTerminal, tempDataDir, waitForEvent } from "./testing/engineTestKit.js";
import { askedNoThinking, startReasoningServer, type ReasoningServer } from "./testing/reasoningServer.js";

const THOUGHT = "SECRET-THOUGHT 秘密的推理";
const engines: Engine[] = [];
const servers: ReasoningServer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.dispose();
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The real engine and LLM router on an OpenAI-compatible reasoning server serving two models (a gateway). */
async function gatewayEngine(options: { holdUntil?: number } = {}): Promise<{ engine: Engine; server: ReasoningServer; dataDir: string }> {
  const server = await startReasoningServer({
    kind: "openai",
    models: ["gateway/model-a", "gateway/model-b"],
    answer: (body) => `Answer from ${body.model}.`,
    thought: THOUGHT,
    ...options,
  });
  servers.push(server);
  const dataDir = tempDataDir("session-model-");
  dirs.push(dataDir);
  const engine = await createEngine({
    dataDir,
    appVersion: "test",
    // The model picker's listing, over HTTP as the app does it.
    models: { remote: async () => ({ models: await listRemoteModels({ baseUrl: server.baseUrl }) }) } as never,
  });
  engines.push(engine);
  await engine.call("settings.update", { backend: "openai", openai: { baseUrl: server.baseUrl, model: "gateway/model-a", hasKey: false } });
  return { engine, server, dataDir };
}

async function runChat(engine: Engine, prompt: string, extra: Record<string, unknown>): Promise<{ sessionId: string; events: EngineEvent[] }> {
  const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt }, ...extra } as never);
  return { sessionId, events: await waitForEvent(engine, sessionId, isTerminal) };
}

const tokensOf = (events: EngineEvent[]) => events.flatMap((e) => (e.type === "token" ? [e.text] : [])).join("");

describe("the session's own model (brief §7.4) on a gateway", () => {
  it("runs two sessions on two models at once, each on its own, with no thought in the reply or its tokens", async () => {
    // The server holds both replies until both requests arrived: the sessions were in flight together.
    const { engine, server } = await gatewayEngine({ holdUntil: 2 });
    const [a, b] = await Promise.all([
      runChat(engine, "Hello A", { model_name: "gateway/model-a" }),
      runChat(engine, "Hello B", { model_name: "gateway/model-b" }),
    ]);
    for (const [run, model] of [[a, "gateway/model-a"], [b, "gateway/model-b"]] as const) {
      const done = run.events.at(-1);
      expect(done?.type).toBe("done");
      expect(tokensOf(run.events)).toBe(`Answer from ${model}.`);
      expect(JSON.stringify(done)).not.toContain("SECRET");
      expect(run.events[0]).toMatchObject({ type: "connected", model });
      // Thoughts travel apart, as `thought` events the chat may fold away.
      expect(run.events.filter((e) => e.type === "thought").map((e) => (e as { text: string }).text).join("")).toContain(THOUGHT);
    }
    expect(server.requests.map((r) => r.model).sort()).toEqual(["gateway/model-a", "gateway/model-b"]);
    // The app's chat model is untouched.
    expect((await engine.call("settings.get", {})).openai.model).toBe("gateway/model-a");
  });

  it("refuses a model the gateway does not list with a 400 naming the ones it does", async () => {
    const { engine } = await gatewayEngine();
    const error = await expectError(engine.call("run.start", { workflow: "chat", input: { prompt: "x" }, model_name: "gpt-9" } as never), "bad_request");
    expect(error.message).toBe('model_name "gpt-9" is not served by the model server; available: gateway/model-a, gateway/model-b');
    expect((await engine.call("sessions.list", {})).sessions).toEqual([]);
  });

  it("stores the session's model and 思考 with it, so an engine started later runs it on them", async () => {
    const { engine, server, dataDir } = await gatewayEngine();
    const run = await runChat(engine, "Think less", { model_name: "gateway/model-b", thinking: "off" });
    expect(run.events[0]).toMatchObject({ type: "connected", model: "gateway/model-b", thinking: "off" });
    expect(askedNoThinking(server.requests[0]!)).toBe(true);
    await engine.dispose();
    // A fresh engine (after a restart) reads the choice back from the stored session.
    const again = await createEngine({ dataDir, appVersion: "test" });
    engines.push(again);
    expect(again.parts.runner.llmChoiceOf(run.sessionId)).toEqual({ model: "gateway/model-b", thinking: "off" });
  });
});
