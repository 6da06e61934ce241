import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { z } from "zod";
import { Annotation, END, START, StateGraph, interrupt } from "@langchain/langgraph";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptoriumError } from "../../shared/errors.js";
import { createEngine } from "./createEngine.js";
import type { CreateEngineOptions } from "./createEngine.js";
import type { Engine } from "./Engine.js";
import { createApiKeysPort } from "./search/createApiKeysPort.js";
import { FileSecretStore } from "./search/FileSecretStore.js";
import { chunkLlm, hangingLlm, isTerminal, tempDataDir, waitForEvent } from "./testing/engineTestKit.js";
import { chatWorkflow } from "./workflows/chat/definition.js";
import type { CompiledWorkflowGraph, PauseRequest, WorkflowDefinition } from "./workflows/WorkflowDefinition.js";

// A two-pause workflow, registered under the id "article" for these tests only.
const concat = <T>() => Annotation<T[]>({ reducer: (a, b) => a.concat(b), default: () => [] });
const PauseState = Annotation.Root({ topic: Annotation<string>(), steps: concat<string>(), answers: concat<string>() });
type PauseStateType = typeof PauseState.State;
const ResumeSchema = z.object({ action: z.string().min(1), note: z.string().optional() }).strict();

const askNode = (pausePoint: string, allowedActions: string[]) => async (state: PauseStateType) => {
  const answer = interrupt<PauseRequest, z.infer<typeof ResumeSchema>>({ pausePoint, allowedActions, context: { topic: state.topic, steps: state.steps } });
  return { answers: [answer.action] };
};

const twoPauseWorkflow: WorkflowDefinition<{ topic: string }> = {
  id: "article",
  // A test workflow registered under the article's id: its own contract, no pauses table (its parseResume is hand-written).
  contract: { id: "article", route: "ai-writing", start: z.object({ topic: z.string().min(1) }).strict(), pauses: {}, state: z.object({}), events: [], documents: false },
  title: (input) => input.topic,
  build: (_services, checkpointer) =>
    new StateGraph(PauseState)
      .addNode("prepare", async (_state: PauseStateType, config: LangGraphRunnableConfig) => {
        config.writer?.({ type: "step_start", step: "prepare", agent: "system", label: "Prepare" });
        return { steps: ["prepare"] };
      })
      .addNode("first", askNode("first", ["approve", "revise"]))
      .addNode("second", askNode("second", ["finish"]))
      .addNode("finish", async () => ({ steps: ["finish"] }))
      .addEdge(START, "prepare")
      .addEdge("prepare", "first")
      .addEdge("first", "second")
      .addEdge("second", "finish")
      .addEdge("finish", END)
      .compile({ checkpointer }) as unknown as CompiledWorkflowGraph,
  initialState: (input) => ({ topic: input.topic }),
  parseResume: (pause, payload) => {
    const parsed = ResumeSchema.safeParse(payload);
    if (!parsed.success) throw new ScriptoriumError("bad_request", "payload must be {action, note?}");
    if (!pause.allowedActions.includes(parsed.data.action)) {
      throw new ScriptoriumError("conflict", `action ${parsed.data.action} is not allowed at ${pause.pausePoint}`, { allowed: pause.allowedActions });
    }
    return parsed.data;
  },
  publicValues: (values) => ({ steps: values.steps, answers: values.answers }),
  doneSummary: (values) => `answers: ${(values.answers as string[]).join(",")}`,
};

const registry = { chat: chatWorkflow, article: twoPauseWorkflow };
const engines: Engine[] = [];
const dirs: string[] = [];

async function engineOn(dataDir: string, options: Partial<CreateEngineOptions> = {}): Promise<Engine> {
  const engine = await createEngine({ dataDir, registry, llm: chunkLlm(["Hel", "lo"]), appVersion: "test", ...options });
  engines.push(engine);
  return engine;
}
async function freshEngine(options: Partial<CreateEngineOptions> = {}): Promise<{ engine: Engine; dir: string }> {
  const dir = tempDataDir();
  dirs.push(dir);
  return { engine: await engineOn(dir, options), dir };
}
async function rejection(promise: Promise<unknown>): Promise<ScriptoriumError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ScriptoriumError) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.dispose();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("Engine: chat workflow", () => {
  it("streams tokens and ends with done {result: {text}}", async () => {
    const { engine } = await freshEngine({ llm: chunkLlm(["Hel", "lo", " world"]) });
    const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "Say hello", system: "Be brief." } });
    const events = await waitForEvent(engine, sessionId, isTerminal);
    // The step's token counts (step_tokens) come between its start and its end; the rest in this order.
    expect(events.filter((e) => e.type !== "step_tokens").map((e) => e.type)).toEqual(["connected", "step_start", "token", "token", "token", "step_done", "done"]);
    const types = events.map((e) => e.type);
    expect(types.indexOf("step_tokens")).toBeGreaterThan(types.indexOf("step_start"));
    expect(types.lastIndexOf("step_tokens")).toBeLessThan(types.indexOf("step_done"));
    const last = events.length;
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    expect(events.filter((e) => e.type === "token").map((e) => (e as { text: string }).text).join("")).toBe("Hello world");
    expect(events.at(-1)).toMatchObject({ type: "done", result: { text: "Hello world" } });
    const state = await engine.call("run.state", { sessionId });
    expect(state).toMatchObject({ session: { status: "done", title: "Say hello", lastSeq: last }, pause: null, values: { text: "Hello world" } });
    expect((await engine.call("events.list", { sessionId, afterSeq: last - 2 })).events.map((e) => e.seq)).toEqual([last - 1, last]);
    expect((await engine.call("sessions.list", {})).sessions.map((s) => s.id)).toEqual([sessionId]);
  });

  it("rejects bad input naming the field and persists nothing", async () => {
    const { engine } = await freshEngine();
    const error = await rejection(engine.call("run.start", { workflow: "chat", input: { prompt: "   " } }));
    expect(error.code).toBe("bad_request");
    expect(error.message).toContain("input.prompt");
    const unknownWorkflow = await rejection(engine.call("run.start", { workflow: "nope", input: {} } as never));
    expect(unknownWorkflow.code).toBe("bad_request");
    expect(unknownWorkflow.message).toContain("workflow");
    expect((await engine.call("sessions.list", {})).sessions).toEqual([]);
  });

  it("reports an LLM failure as an error event and status", async () => {
    const { engine } = await freshEngine({ llm: undefined });
    const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "hi" } });
    const events = await waitForEvent(engine, sessionId, isTerminal);
    expect(events.at(-1)).toMatchObject({ type: "error", error: { code: "model_missing" } });
    expect((await engine.call("run.state", { sessionId })).session.status).toBe("error");
  });
});

describe("Engine: subscribe", () => {
  it("replays exactly the suffix after any cursor", async () => {
    const { engine } = await freshEngine({ llm: chunkLlm(Array.from({ length: 30 }, (_, i) => `t${i} `)) });
    const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "count" } });
    await waitForEvent(engine, sessionId, isTerminal);
    const all = (await engine.call("events.list", { sessionId, afterSeq: 0 })).events;
    const last = all.length;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: last + 3 }), (afterSeq) => {
        const got: number[] = [];
        engine.subscribe(sessionId, afterSeq, (e) => got.push(e.seq))();
        expect(got).toEqual(all.filter((e) => e.seq > afterSeq).map((e) => e.seq));
      }),
      { numRuns: 60 },
    );
  });

  it("joins replay and live delivery without gap or duplicate, whenever a client subscribes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 19 }), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 6 }),
        async (plan) => {
          const received: Array<{ afterSeq: number; seqs: number[] }> = [];
          let engineRef: Engine | null = null;
          let session = "";
          const llm = chunkLlm(
            Array.from({ length: 20 }, (_, i) => `${i}`),
            {
              delayMs: 1,
              onChunk: (index) => {
                for (const [at, fraction] of plan) {
                  if (at !== index || !engineRef) continue;
                  const known = engineRef.parts.runner.events(session, 0).length;
                  const entry = { afterSeq: Math.floor(fraction * known), seqs: [] as number[] };
                  received.push(entry);
                  engineRef.subscribe(session, entry.afterSeq, (e) => entry.seqs.push(e.seq));
                }
              },
            },
          );
          const { engine } = await freshEngine({ llm, eventFlushIntervalMs: 2 });
          engineRef = engine;
          session = (await engine.call("run.start", { workflow: "chat", input: { prompt: "go" } })).sessionId;
          await waitForEvent(engine, session, isTerminal);
          const last = (await engine.call("run.state", { sessionId: session })).session.lastSeq;
          for (const entry of received) {
            expect(entry.seqs).toEqual(Array.from({ length: last - entry.afterSeq }, (_, i) => entry.afterSeq + 1 + i));
          }
          await engine.dispose();
        },
      ),
      { numRuns: 12 },
    );
  });

  it("rejects an unknown session", async () => {
    const { engine } = await freshEngine();
    expect(() => engine.subscribe("missing", 0, () => undefined)).toThrow(/Unknown session/);
  });
});

describe("Engine: pauses and resume", () => {
  it("pauses, survives a restart, and applies each resume exactly once", async () => {
    const { engine, dir } = await freshEngine();
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { topic: "tides" } as never });
    const first = await waitForEvent(engine, sessionId, isTerminal);
    expect(first.at(-1)).toMatchObject({ type: "await_user", pausePoint: "first", allowedActions: ["approve", "revise"], context: { topic: "tides", steps: ["prepare"] } });
    await engine.dispose();

    const reopened = await engineOn(dir);
    const paused = await reopened.call("run.state", { sessionId });
    expect(paused.session).toMatchObject({ status: "paused", pausePoint: "first" });
    expect(paused.pause).toMatchObject({ pausePoint: "first", allowedActions: ["approve", "revise"] });

    expect(await reopened.call("run.resume", { sessionId, payload: { action: "approve" } })).toEqual({ sessionId, status: "running" });
    const second = await waitForEvent(reopened, sessionId, (e) => e.type === "await_user" && e.pausePoint === "second");
    const secondSeq = second.at(-1)!.seq;

    // Two clients answer the same pause at once: exactly one wins.
    const results = await Promise.allSettled([
      reopened.call("run.resume", { sessionId, payload: { action: "finish" } }),
      reopened.call("run.resume", { sessionId, payload: { action: "finish" } }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const loser = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((loser.reason as ScriptoriumError).code).toBe("conflict");

    const end = await waitForEvent(reopened, sessionId, isTerminal, secondSeq);
    expect(end.at(-1)).toMatchObject({ type: "done", summary: "answers: approve,finish" });
    const done = await reopened.call("run.state", { sessionId });
    expect(done.values).toEqual({ steps: ["prepare", "finish"], answers: ["approve", "finish"] });
    const all = (await reopened.call("events.list", { sessionId, afterSeq: 0 })).events;
    expect(all.filter((e) => e.type === "resumed").map((e) => (e as { action: string }).action)).toEqual(["approve", "finish"]);
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    expect((await rejection(reopened.call("run.resume", { sessionId, payload: { action: "finish" } }))).code).toBe("conflict");
  });

  it("rejects a wrong action with the allowed list and a malformed payload with bad_request, leaving the state unchanged", async () => {
    const { engine } = await freshEngine();
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { topic: "x" } as never });
    await waitForEvent(engine, sessionId, isTerminal);
    const before = await engine.call("run.state", { sessionId });

    const wrong = await rejection(engine.call("run.resume", { sessionId, payload: { action: "finish" } }));
    expect(wrong.code).toBe("conflict");
    expect(wrong.details).toEqual({ allowed: ["approve", "revise"] });
    const malformed = await rejection(engine.call("run.resume", { sessionId, payload: { action: "approve", extra: 1 } }));
    expect(malformed.code).toBe("bad_request");
    const envelope = await rejection(engine.call("run.resume", { sessionId, payload: {}, extra: true } as never));
    expect(envelope.code).toBe("bad_request");

    expect(await engine.call("run.state", { sessionId })).toEqual(before);
    // And the pause still accepts the right action afterwards.
    await engine.call("run.resume", { sessionId, payload: { action: "revise" } });
    const next = await waitForEvent(engine, sessionId, (e) => e.type === "await_user" && e.pausePoint === "second");
    expect(next.at(-1)?.type).toBe("await_user");
  });

  it("answers not_found for unknown sessions", async () => {
    const { engine } = await freshEngine();
    for (const call of [
      engine.call("run.state", { sessionId: "nope" }),
      engine.call("run.resume", { sessionId: "nope", payload: { action: "approve" } }),
      engine.call("run.cancel", { sessionId: "nope" }),
      engine.call("events.list", { sessionId: "nope" }),
      engine.call("sessions.delete", { sessionId: "nope" }),
      engine.call("documents.versions", { sessionId: "nope" }),
    ]) {
      expect((await rejection(call)).code).toBe("not_found");
    }
  });
});

describe("Engine: cancel, restart, delete", () => {
  it("cancels a running session", async () => {
    const { engine } = await freshEngine({ llm: hangingLlm() });
    const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "never ends" } });
    await waitForEvent(engine, sessionId, (e) => e.type === "token");
    expect(await engine.call("run.cancel", { sessionId })).toEqual({ ok: true });
    const events = await waitForEvent(engine, sessionId, isTerminal);
    expect(events.at(-1)).toMatchObject({ type: "error", error: { code: "aborted" } });
    expect((await engine.call("run.state", { sessionId })).session.status).toBe("cancelled");
    expect(events.some((e) => e.type === "done")).toBe(false);
  });

  it("cancels a paused session", async () => {
    const { engine } = await freshEngine();
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { topic: "x" } as never });
    await waitForEvent(engine, sessionId, isTerminal);
    await engine.call("run.cancel", { sessionId });
    expect((await engine.call("run.state", { sessionId })).session.status).toBe("cancelled");
    expect((await rejection(engine.call("run.resume", { sessionId, payload: { action: "approve" } }))).code).toBe("conflict");
  });

  it("continues a run cut by shutdown from its checkpoint on the next start", async () => {
    const { engine, dir } = await freshEngine({ llm: hangingLlm() });
    const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "resume me" } });
    await waitForEvent(engine, sessionId, (e) => e.type === "token");
    await engine.dispose();

    const reopened = await engineOn(dir, { llm: chunkLlm(["after ", "restart"]) });
    const events = await waitForEvent(reopened, sessionId, (e) => e.type === "done" || e.type === "error");
    expect(events.at(-1)).toMatchObject({ type: "done", result: { text: "after restart" } });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect((await reopened.call("run.state", { sessionId })).session.status).toBe("done");
  });

  it("deletes a session with its events, versions, checkpoints and cache dir", async () => {
    const { engine } = await freshEngine();
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { topic: "x" } as never });
    await waitForEvent(engine, sessionId, isTerminal);
    engine.parts.versions.add(sessionId, { markdown: "# draft", reason: "initial" });
    const cache = (engine.parts.servicesOf("article") as { cacheDir(id: string): string }).cacheDir(sessionId);
    fs.writeFileSync(`${cache}/outline.json`, "{}");
    expect(await engine.call("sessions.delete", { sessionId })).toEqual({ ok: true });
    expect((await engine.call("sessions.list", {})).sessions).toEqual([]);
    expect(engine.parts.versions.list(sessionId)).toEqual([]);
    expect(engine.parts.appDb.db.prepare("SELECT count(*) AS n FROM events WHERE session_id = ?").get(sessionId)).toEqual({ n: 0 });
    expect(await engine.parts.runner["opts"].checkpointer.saver.getTuple({ configurable: { thread_id: sessionId } })).toBeUndefined();
    expect(fs.existsSync(cache)).toBe(false);
  });
});

describe("Engine: facade", () => {
  it("serves health and settings, and validates input with one-line errors", async () => {
    const { engine } = await freshEngine();
    expect(await engine.call("health", {})).toMatchObject({ ok: true, version: "test", model: null });
    expect((await engine.call("settings.update", { locale: "en" })).locale).toBe("en");
    expect((await engine.call("settings.get", {})).locale).toBe("en");
    expect((await engine.call("models.select", { chatModel: "a.gguf" })).settings.chatModel).toBe("a.gguf");
    const bad = await rejection(engine.call("settings.update", { sequences: "two" } as never));
    expect(bad.code).toBe("bad_request");
    expect(bad.message).toMatch(/^sequences: /);
    expect((await rejection(engine.call("no.such" as never, {} as never))).code).toBe("not_found");
  });

  it("says which feature is missing when a port is not configured", async () => {
    const { engine } = await freshEngine();
    const error = await rejection(engine.call("knowledge.search", { query: "x" }));
    expect(error).toMatchObject({ code: "unavailable", message: "The knowledge base is not configured." });
    expect((await rejection(engine.call("models.list", {}))).code).toBe("unavailable");
    expect((await rejection(engine.call("providers.list", {}))).code).toBe("unavailable");
  });

  it("stores the OpenAI key only in the secret store, flips hasKey, and never returns the key", async () => {
    const { engine, dir } = await freshEngine();
    const secretsFile = `${dir}/secrets.json`;
    const secrets = new FileSecretStore(secretsFile);
    engine.parts.apiKeys = createApiKeysPort(secrets);
    const key = "sk-engine-test-4f1c9a";
    await engine.call("settings.update", { ...(await engine.call("settings.get", {})), locale: "en", backend: "openai" });

    const saved = await engine.call("settings.setApiKey", { backend: "openai", apiKey: key });
    expect(saved.settings.openai.hasKey).toBe(true);
    // Only hasKey changed.
    expect(saved.settings).toMatchObject({ locale: "en", backend: "openai" });
    expect(await secrets.get("openai.apiKey")).toBe(key);
    expect(JSON.stringify(saved)).not.toContain(key);
    const settings = await engine.call("settings.get", {});
    expect(settings.openai.hasKey).toBe(true);
    expect(JSON.stringify(settings)).not.toContain(key);
    // Nothing in app.db holds the key (settings rows, events, anything).
    const rows = engine.parts.appDb.db.prepare("SELECT json FROM settings").all() as Array<{ json: string }>;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.json).not.toContain(key);
    const dbFiles = fs.readdirSync(dir).filter((name) => name.startsWith("app.db"));
    expect(dbFiles).toContain("app.db");
    for (const name of dbFiles) expect(fs.readFileSync(`${dir}/${name}`).includes(Buffer.from(key))).toBe(false);

    const cleared = await engine.call("settings.setApiKey", { backend: "openai", apiKey: null });
    expect(cleared.settings.openai.hasKey).toBe(false);
    expect(await secrets.get("openai.apiKey")).toBeNull();
    expect((await engine.call("settings.get", {})).openai.hasKey).toBe(false);
  });

  it("rejects a bad setApiKey payload with bad_request and leaves key and settings alone", async () => {
    const { engine, dir } = await freshEngine();
    const secrets = new FileSecretStore(`${dir}/secrets.json`);
    engine.parts.apiKeys = createApiKeysPort(secrets);
    const bad = [
      { backend: "openai", apiKey: "" },
      { backend: "openai", apiKey: "x".repeat(4001) },
      { backend: "ollama", apiKey: "k" },
      { backend: "openai" },
      { backend: "openai", apiKey: 42 },
      { backend: "openai", apiKey: "k", extra: true },
    ];
    for (const input of bad) expect((await rejection(engine.call("settings.setApiKey", input as never))).code).toBe("bad_request");
    expect(await secrets.get("openai.apiKey")).toBeNull();
    expect((await engine.call("settings.get", {})).openai.hasKey).toBe(false);
    // The longest accepted key.
    expect((await engine.call("settings.setApiKey", { backend: "openai", apiKey: "y".repeat(4000) })).settings.openai.hasKey).toBe(true);
  });

  it("answers unavailable for setApiKey when the engine has no secret store", async () => {
    const { engine } = await freshEngine();
    const error = await rejection(engine.call("settings.setApiKey", { backend: "openai", apiKey: "sk-x" }));
    expect(error).toMatchObject({ code: "unavailable", message: "API key storage is not configured." });
    expect((await engine.call("settings.get", {})).openai.hasKey).toBe(false);
  });

  it("lists, reads, restores and exports article versions", async () => {
    const exported: unknown[] = [];
    const { engine } = await freshEngine({
      exporter: {
        render: async (document, options) => {
          exported.push({ document, options });
          return { fileName: "a.md", mimeType: "text/markdown", encoding: "utf8", content: document.markdown };
        },
      },
    });
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { topic: "versions" } as never });
    await waitForEvent(engine, sessionId, isTerminal);
    engine.parts.versions.add(sessionId, { markdown: "# one", reason: "initial" });
    engine.parts.versions.add(sessionId, { markdown: "# two", reason: "editor" });
    expect((await engine.call("documents.version", { sessionId, number: 1 })).markdown).toBe("# one");
    expect((await engine.call("documents.restore", { sessionId, number: 1 })).version).toMatchObject({ number: 3, reason: "restore" });
    expect((await engine.call("documents.versions", { sessionId })).versions.map((v) => v.number)).toEqual([1, 2, 3]);
    expect((await rejection(engine.call("documents.version", { sessionId, number: 9 }))).code).toBe("not_found");
    expect((await engine.call("documents.export", { sessionId, format: "markdown" })).content).toBe("# one");
    // The article's hook made the document: titled by the draft's own heading, the version in the file name.
    expect(exported[0]).toMatchObject({ document: { title: "one", markdown: "# one" }, options: { format: "markdown", suffix: "-v3" } });
  });

  it("renames sessions and finds them by title (case-insensitive, % taken literally)", async () => {
    const { engine } = await freshEngine();
    const a = await engine.call("run.start", { workflow: "article", input: { topic: "Tides of 100%" } as never });
    const b = await engine.call("run.start", { workflow: "article", input: { topic: "Other" } as never });
    await waitForEvent(engine, b.sessionId, isTerminal);
    await waitForEvent(engine, a.sessionId, isTerminal);
    expect((await engine.call("sessions.rename", { sessionId: b.sessionId, title: "  Moon and TIDES " })).session).toMatchObject({ id: b.sessionId, title: "Moon and TIDES" });
    const found = await engine.call("sessions.list", { query: "tides" });
    expect(found.sessions.map((s) => s.id).sort()).toEqual([a.sessionId, b.sessionId].sort());
    expect((await engine.call("sessions.list", { query: "100%" })).sessions.map((s) => s.id)).toEqual([a.sessionId]);
    expect((await engine.call("sessions.list", { query: "%" })).sessions.map((s) => s.id)).toEqual([a.sessionId]);
    expect((await rejection(engine.call("sessions.rename", { sessionId: a.sessionId, title: " " }))).code).toBe("bad_request");
    expect((await rejection(engine.call("sessions.rename", { sessionId: "nope", title: "x" }))).code).toBe("not_found");
  });
});
