import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { IpcMain } from "electron";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import type { BaseCheckpointSaver, LangGraphRunnableConfig } from "@langchain/langgraph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ipcChannel } from "../../shared/api.js";
import { briefView } from "../../shared/events.js";
import { defineWorkflowContract } from "../../shared/workflows/contract.js";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { chunkLlm, tempDataDir } from "../../electron/engine/testing/engineTestKit.js";
import { definePauses } from "../../electron/engine/workflows/common/definePauses.js";
import type { ResumeRecord } from "../../electron/engine/workflows/common/definePauses.js";
import { emit, runStep } from "../../electron/engine/workflows/common/nodeRuntime.js";
import { WORKFLOW_REGISTRY } from "../../electron/engine/workflows/registry.js";
import type { CompiledWorkflowGraph, WorkflowDefinition } from "../../electron/engine/workflows/WorkflowDefinition.js";
import type { IpcResult } from "../../electron/main/ipcMessages.js";
import { registerIpc } from "../../electron/main/registerIpc.js";
import { createServer } from "../../electron/server/createServer.js";
import type { ScriptoriumServer } from "../../electron/server/createServer.js";
import { runCli } from "../../electron/cli/runCli.js";
import { defineCliCommand, defineFlags, usageError } from "../../shared/cli/CliContext.js";
import { outcomeCode, waitForRun } from "../../shared/cli/waitForRun.js";

/**
 * A new workflow is its contract, its definition and one line per registry: nothing in core is
 * edited for it. This throwaway two-node echo workflow exists only in this file — contract, graph,
 * pause table, a CLI flag, a table (migration), a settings group, registry entry and route line —
 * and reaches `done` over HTTP (real server on 127.0.0.1), IPC and the CLI.
 */
const echoContract = defineWorkflowContract({
  id: "echo",
  route: "echo",
  start: z.object({ text: z.string().trim().min(1).max(200) }).strict(),
  documents: false,
  pauses: {
    echo_confirm: { context: { echoed: z.string() }, actions: { accept: {}, amend: { suffix: z.string().min(1).max(20) } } },
  },
  state: z.object({ status: z.string(), echoed: z.string() }),
  events: [],
  // A method of its own: served as `echo.shout` on every adapter with no edit to shared/api.ts or Engine.ts.
  methods: {
    shout: { input: z.object({ text: z.string().min(1).max(50) }).strict(), output: z.object({ shouted: z.string() }) },
    // Reads the workflow's own table (declared by its definition's `migrations`).
    history: { input: z.object({}).strict(), output: z.object({ texts: z.array(z.string()) }) },
  },
  // Its own settings group: `settings.echo.prefix`, edited with `settings.update` like any setting.
  settings: z.object({ prefix: z.string().max(5).default("") }).default({ prefix: "" }),
  // Its own wire on /api/echo/… (registered only here, so the server must take it from the engine, not the built-in contracts).
  wire: {
    event: (event) => ({ ...briefView(event as Parameters<typeof briefView>[0]), echo_wire: true }),
    state: (values) => ({ echo_status: values.status }),
    started: { message: "echo started" },
    resumed: { message: "echo resumed" },
  },
});

const EchoState = Annotation.Root({
  text: Annotation<string>(),
  echoed: Annotation<string>({ reducer: (_a, b) => b, default: () => "" }),
  resume: Annotation<ResumeRecord | null>({ reducer: (_a, b) => b, default: () => null }),
});
type EchoValues = typeof EchoState.State;
const echoPauses = definePauses<typeof echoContract.pauses, EchoValues>(echoContract.pauses, {
  context: { echo_confirm: (state) => ({ echoed: state.echoed }) },
});

const ECHO_FLAGS = defineFlags({ upper: "boolean" });

const echoWorkflow: WorkflowDefinition<{ text: string }, typeof echoContract> = {
  id: "echo",
  contract: echoContract,
  // Its own table, in its own namespace (`echo_…`), created at engine start.
  migrations: [{ sql: "CREATE TABLE echo_log (session_id TEXT NOT NULL, text TEXT NOT NULL)" }],
  methods: (services) => ({
    shout: async ({ text }) => ({ shouted: `${text.toUpperCase()}!` }),
    history: async () => ({ texts: services.db.prepare("SELECT text FROM echo_log ORDER BY rowid").pluck().all() as string[] }),
  }),
  // A CLI command of its own with a flag of its own: `echo say <text> [--upper]` starts a run and prints the pause's echo.
  cli: defineCliCommand({
    flags: ECHO_FLAGS,
    usage: ["echo say <text> [--upper]"],
    run: async (ctx) => {
      if (ctx.args[0] !== "say" || ctx.args.length !== 2) throw usageError("usage: echo say <text> [--upper]");
      const api = await ctx.api();
      const text = ctx.flags.upper ? (ctx.args[1] as string).toUpperCase() : ctx.args[1];
      const { sessionId } = await api.call("run.start", { workflow: "echo", input: { text } } as never);
      const outcome = await waitForRun({ ...ctx, flags: { ...ctx.flags, json: true }, out: () => undefined }, api, sessionId, 0);
      ctx.out(outcome.type === "await_user" ? `echoed: ${String((outcome.context as { echoed?: string }).echoed)}` : outcome.type);
      return outcomeCode(outcome);
    },
  }),
  title: (input) => `echo ${input.text}`,
  build: (services, checkpointer: BaseCheckpointSaver) =>
    new StateGraph(EchoState)
      .addNode("echo", async (state: EchoValues, config: LangGraphRunnableConfig) =>
        runStep(config, { step: "echo", agent: "writer", label: "Echo" }, async () => {
          emit(config, { type: "token", step: "echo", text: state.text });
          return { update: { echoed: state.text }, summary: state.text };
        }),
      )
      .addNode("echo_confirm", echoPauses.node("echo_confirm"))
      .addNode("finish", async (state: EchoValues, config: LangGraphRunnableConfig) => {
        const payload = state.resume?.payload as { action: string; suffix?: string };
        const { prefix } = (services.settings() as unknown as { echo: { prefix: string } }).echo;
        const echoed = `${prefix}${payload.action === "amend" ? `${state.echoed}${payload.suffix}` : state.echoed}`;
        services.db.prepare("INSERT INTO echo_log (session_id, text) VALUES (?, ?)").run(String(config.configurable?.thread_id ?? ""), echoed);
        return { echoed };
      })
      .addEdge(START, "echo")
      .addEdge("echo", "echo_confirm")
      .addEdge("echo_confirm", "finish")
      .addEdge("finish", END)
      .compile({ checkpointer }) as unknown as CompiledWorkflowGraph,
  initialState: (input) => ({ text: input.text }),
  parseResume: echoPauses.parseResume,
  publicValues: (values, session) => ({ status: session.status, echoed: String(values.echoed ?? "") }),
  doneSummary: (values) => `echoed ${String(values.echoed ?? "")}`,
};

const TOKEN = "echo-test-token-0123";
const dir = tempDataDir("scriptorium-echo-");
let engine: Engine;
let server: ScriptoriumServer;

beforeAll(async () => {
  // createEngine types `registry` by the built-in ids; the runner serves any id it is given.
  const registry = { ...WORKFLOW_REGISTRY, echo: echoWorkflow } as typeof WORKFLOW_REGISTRY;
  engine = await createEngine({ dataDir: dir, llm: chunkLlm(["unused"]), appVersion: "test", registry });
  // No route table given: the server derives /api/echo/* from the engine's registry.
  server = await createServer({ api: engine, token: TOKEN, port: 0 });
});
afterAll(async () => {
  await server?.close();
  await engine?.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

const auth = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };

/** Read an SSE stream until an event of `type` arrives; returns every `data:` object seen. */
async function readSseUntil(url: string, type: string, afterSeq = 0): Promise<Array<Record<string, unknown>>> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { ...auth, "Last-Event-ID": String(afterSeq) }, signal: controller.signal });
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const seen: Array<Record<string, unknown>> = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before ${type}`);
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame.split("\n").find((line) => line.startsWith("data: "));
      if (!data) continue;
      const event = JSON.parse(data.slice(6)) as Record<string, unknown>;
      seen.push(event);
      if (event.type === type) {
        controller.abort();
        return seen;
      }
    }
  }
}

describe("a workflow registered only in a test", () => {
  it("reaches done over HTTP: /api/echo/start → stream → resume → stream → state", async () => {
    const start = await fetch(`${server.url}/api/echo/start`, { method: "POST", headers: auth, body: JSON.stringify({ text: "hi" }) });
    expect(start.status).toBe(200);
    const { session_id: id, message } = (await start.json()) as { session_id: string; message: string };
    expect(message).toBe("echo started");
    const first = await readSseUntil(`${server.url}/api/echo/${id}/stream`, "await_user");
    expect(first.map((e) => e.type)).toEqual(["connected", "step_start", "token", "step_done", "await_user"]);
    expect(first.at(-1)).toMatchObject({ pause_point: "echo_confirm", echoed: "hi", allowedActions: ["accept", "amend"], echo_wire: true });

    const wrong = await fetch(`${server.url}/api/echo/${id}/resume`, { method: "POST", headers: auth, body: JSON.stringify({ action: "amend" }) });
    expect(wrong.status).toBe(400);
    const resume = await fetch(`${server.url}/api/echo/${id}/resume`, { method: "POST", headers: auth, body: JSON.stringify({ action: "amend", suffix: "!" }) });
    expect(await resume.json()).toEqual({ session_id: id, status: "running", message: "echo resumed" });
    const rest = await readSseUntil(`${server.url}/api/echo/${id}/stream`, "done", Number(first.at(-1)?.seq));
    expect(rest.at(-1)).toMatchObject({ type: "done", message: "echoed hi!" });

    const state = (await (await fetch(`${server.url}/api/echo/${id}/state`, { headers: auth })).json()) as Record<string, unknown>;
    expect(state).toMatchObject({ session_id: id, status: "done", echo_status: "done", values: { echoed: "hi!" } });
    const health = await fetch(`${server.url}/api/echo/health`, { headers: auth });
    expect(await health.json()).toMatchObject({ ok: true, workflow: "echo" });
  });

  it("serves its own method over HTTP and IPC, and refuses a bad payload with the method's schema", async () => {
    const call = (body: unknown) => fetch(`${server.url}/api/rpc/echo.shout`, { method: "POST", headers: auth, body: JSON.stringify(body) });
    const ok = await call({ text: "hi" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ shouted: "HI!" });
    const bad = await call({ text: "" });
    expect(bad.status).toBe(400);
    expect(engine.methodNames()).toContain("echo.shout");
    expect(await engine.call("echo.shout" as never, { text: "in process" } as never)).toEqual({ shouted: "IN PROCESS!" });
  });

  it("runs its own CLI command and lists it in the help", async () => {
    const registry = { ...WORKFLOW_REGISTRY, echo: echoWorkflow } as typeof WORKFLOW_REGISTRY;
    const out: string[] = [];
    const io = { stdout: { write: (chunk: string | Uint8Array) => out.push(String(chunk)) }, stderr: { write: () => true } };
    const openApi = async () => Object.assign(Object.create(engine) as Engine, { dispose: async () => undefined });
    expect(await runCli(["echo", "say", "from the cli"], io, openApi, registry)).toBe(0);
    expect(out.join("")).toContain("echoed: from the cli");
    out.length = 0;
    expect(await runCli(["--help"], io, openApi, registry)).toBe(0);
    expect(out.join("")).toContain("echo say <text>");
  });

  it("reaches done over IPC (registerIpc with a fake ipcMain)", async () => {
    type Handler = (event: unknown, payload: unknown) => Promise<IpcResult>;
    const handlers = new Map<string, Handler>();
    const ipcMain = {
      handle: (channel: string, fn: Handler) => handlers.set(channel, fn),
      removeHandler: (channel: string) => handlers.delete(channel),
    } as unknown as IpcMain;
    const unregister = registerIpc(engine, ipcMain);
    expect(handlers.has(ipcChannel("echo.shout" as never))).toBe(true);
    const sender = { send: () => undefined, isDestroyed: () => false, once: () => undefined, on: () => undefined };
    const invoke = async (method: string, payload: unknown): Promise<any> => {
      const result = await handlers.get(ipcChannel(method as never))!({ sender, senderFrame: { url: "app://scriptorium/index.html" } }, structuredClone(payload));
      if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
      return result.value;
    };
    const waitFor = async (sessionId: string, status: string) => {
      await expect.poll(async () => (await invoke("run.state", { sessionId })).session.status, { timeout: 20_000 }).toBe(status);
    };
    try {
      await expect(invoke("run.start", { workflow: "echo", input: {} })).rejects.toMatchObject({ code: "bad_request" });
      const { sessionId } = await invoke("run.start", { workflow: "echo", input: { text: "ipc" } });
      await waitFor(sessionId, "paused");
      expect((await invoke("run.state", { sessionId })).pause).toMatchObject({ pausePoint: "echo_confirm", context: { echoed: "ipc", pause_point: "echo_confirm" } });
      await invoke("run.resume", { sessionId, payload: { action: "accept" } });
      await waitFor(sessionId, "done");
      const { events } = await invoke("events.list", { sessionId, afterSeq: 0 });
      expect(events.at(-1)).toMatchObject({ type: "done", summary: "echoed ipc", result: { echoed: "ipc" } });
    } finally {
      unregister();
    }
  });

  it("composes its CLI flag, its table and its setting into core without a core edit", async () => {
    // The table: created at engine start in the workflow's namespace, versioned there.
    const appDb = new Database(path.join(dir, "app.db"), { readonly: true });
    try {
      expect(appDb.prepare("SELECT version FROM schema_namespaces WHERE namespace = ?").pluck().get("echo")).toBe(1);
    } finally {
      appDb.close();
    }

    // The setting: a default on a fresh data dir, changed and validated by the core method.
    expect(await engine.call("settings.get", {})).toMatchObject({ echo: { prefix: "" } });
    await expect(engine.call("settings.update", { echo: { prefix: "far too long" } } as never)).rejects.toMatchObject({ code: "bad_request" });
    expect(await engine.call("settings.update", { echo: { prefix: "> " } } as never)).toMatchObject({ echo: { prefix: "> " }, locale: "zh-CN" });

    // The flag: parsed for its own command only; the run reads the setting and writes the table.
    const registry = { ...WORKFLOW_REGISTRY, echo: echoWorkflow } as typeof WORKFLOW_REGISTRY;
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      stdout: { write: (chunk: string | Uint8Array) => out.push(String(chunk)) },
      stderr: { write: (chunk: string | Uint8Array) => err.push(String(chunk)) },
    };
    const openApi = async () => Object.assign(Object.create(engine) as Engine, { dispose: async () => undefined });
    expect(await runCli(["echo", "say", "quiet", "--upper"], io, openApi, registry)).toBe(0);
    expect(out.join("")).toContain("echoed: QUIET");
    expect(await runCli(["chat", "hi", "--upper"], io, openApi, registry)).toBe(2);
    expect(err.join("")).toContain('"chat" does not take --upper');

    const { sessionId } = await engine.call("run.start", { workflow: "echo", input: { text: "logged" } } as never);
    await expect.poll(async () => (await engine.call("run.state", { sessionId })).session.status, { timeout: 20_000 }).toBe("paused");
    await engine.call("run.resume", { sessionId, payload: { action: "accept" } } as never);
    await expect.poll(async () => (await engine.call("run.state", { sessionId })).session.status, { timeout: 20_000 }).toBe("done");
    expect(await engine.call("echo.history" as never, {} as never)).toMatchObject({ texts: expect.arrayContaining(["> logged"]) });
    expect(await engine.call("run.state", { sessionId })).toMatchObject({ values: { echoed: "> logged" } });
  });
});
