import { describe, expect, it } from "vitest";
import type { MethodName, ScriptoriumApi } from "../../shared/api.js";
import type { EngineEvent } from "../../shared/events.js";
import { ScriptoriumError } from "../../shared/errors.js";
import { createAppStore } from "./createAppStore.js";
import type { WorkflowReducer, WorkflowViews } from "./workflowViews.js";

/** A fake transport: persisted event logs per stream, replay from a cursor, then live delivery. */
function fakeApi(handlers: Partial<Record<MethodName, (input: any) => unknown>>) {
  const logs = new Map<string, EngineEvent[]>();
  const listeners = new Map<string, Set<(e: EngineEvent) => void>>();
  const calls: Array<[string, unknown]> = [];
  const api: ScriptoriumApi = {
    async call(method, input) {
      calls.push([method, input]);
      const handler = handlers[method];
      if (!handler) throw new ScriptoriumError("not_found", `no handler for ${method}`);
      return (await handler(input)) as never;
    },
    subscribe(sessionId, afterSeq, listener) {
      for (const e of logs.get(sessionId) ?? []) if (e.seq > afterSeq) listener(e);
      const set = listeners.get(sessionId) ?? new Set();
      set.add(listener);
      listeners.set(sessionId, set);
      return () => set.delete(listener);
    },
  };
  const emit = (sessionId: string, draft: Record<string, unknown>) => {
    const log = logs.get(sessionId) ?? [];
    const event = { ...draft, seq: log.length + 1, sessionId, ts: new Date(Date.UTC(2025, 0, 1, 0, 0, log.length)).toISOString() } as EngineEvent;
    log.push(event);
    logs.set(sessionId, log);
    for (const l of listeners.get(sessionId) ?? []) l(event);
  };
  return { api, emit, calls };
}

const settings = {
  locale: "zh-CN", backend: "llamacpp", chatModel: null, embeddingModel: null, threads: 0, sequences: 2, contextSize: 4096,
  ollama: { baseUrl: "http://127.0.0.1:11434", model: "m", numCtx: 8192 },
  openai: { baseUrl: "http://127.0.0.1:8080/v1", model: "default", hasKey: false },
  mirrorBaseUrl: null, article: { reviewThreshold: 80, maxRevisions: 3, weights: { facts: 0.4, logic: 0.3, language: 0.3 } },
};

describe("createAppStore", () => {
  it("starts an article, mirrors its events and rebuilds the same view on reopen", async () => {
    const fake = fakeApi({
      "run.start": () => ({ sessionId: "a1" }),
      "sessions.list": () => ({ sessions: [] }),
      "run.resume": () => ({ sessionId: "a1", status: "running" }),
    });
    fake.emit("a1", { type: "connected", workflow: "article" });
    const store = createAppStore(fake.api);
    await store.getState().startRun({ workflow: "article", input: { intent: "写离线写作" } });
    fake.emit("a1", { type: "step_start", step: "researcher", agent: "researcher", label: "检索" });
    fake.emit("a1", { type: "await_user", pausePoint: "material_confirm", allowedActions: ["confirm", "re_search"], context: {} });
    const live = store.getState().current;
    expect(live.status).toBe("paused");
    expect(live.lastSeq).toBe(3);

    // A reload: a fresh store opening the session replays the log from seq 0.
    const reloaded = createAppStore(fake.api);
    reloaded.getState().openSession("a1");
    expect(reloaded.getState().current).toEqual(live);

    expect(await store.getState().resume({ action: "confirm", approved_material_ids: [] })).toBe(true);
    expect(fake.calls.find(([m]) => m === "run.resume")?.[1]).toEqual({ sessionId: "a1", payload: { action: "confirm", approved_material_ids: [] } });
  });

  it("returns import errors to the form and shows other errors in the banner with their code", async () => {
    const fake = fakeApi({
      "models.import": () => {
        throw new ScriptoriumError("model_invalid", "bad magic: expected GGUF");
      },
    });
    const store = createAppStore(fake.api);
    expect(await store.getState().importModel("/tmp/x.gguf")).toEqual({ code: "model_invalid", message: "bad magic: expected GGUF" });
    await store.getState().deleteSession("nope");
    expect(store.getState().errors).toEqual([{ code: "not_found", message: "no handler for sessions.delete" }]);
  });

  it("tracks download progress from the system stream and loads settings on init", async () => {
    let t = 0;
    const fake = fakeApi({
      "settings.get": () => ({ ...settings, locale: "en" }),
      "sessions.list": () => ({ sessions: [] }),
      "models.list": () => ({ installed: [], catalog: [], loaded: null, warnings: [] }),
      "models.download": () => ({ downloadId: "d1" }),
    });
    const store = createAppStore(fake.api, { now: () => t });
    await store.getState().init();
    expect(store.getState().locale).toBe("en");
    await store.getState().downloadModel("qwen");
    fake.emit("system", { type: "progress", task: "d1", done: 0, total: 1000 });
    t = 1000;
    fake.emit("system", { type: "progress", task: "d1", done: 500, total: 1000 });
    const progress = store.getState().tasks.d1;
    expect(progress?.done).toBe(500);
    expect(progress?.speed).toBe(500);
    expect(store.getState().downloads.d1?.catalogId).toBe("qwen");
  });

  it("ends a background job's bar when the job ends with an error naming its task (failed or cancelled)", async () => {
    const fake = fakeApi({
      "settings.get": () => settings,
      "sessions.list": () => ({ sessions: [] }),
      "models.list": () => ({ installed: [], catalog: [], loaded: null, warnings: [] }),
    });
    const store = createAppStore(fake.api, { now: () => 0 });
    await store.getState().init();
    fake.emit("system", { type: "progress", task: "ingest-1", done: 0, total: 3 });
    fake.emit("system", { type: "progress", task: "ingest-1", done: 0, total: null, message: "failed: Cancelled." });
    expect(store.getState().tasks["ingest-1"]?.finished).toBe(false);
    fake.emit("system", { type: "error", error: { code: "aborted", message: "Cancelled.", details: { task: "ingest-1" } } });
    expect(store.getState().tasks["ingest-1"]?.finished).toBe(true);
    // An error naming no known task changes nothing.
    fake.emit("system", { type: "error", error: { code: "internal", message: "x", details: { task: "other" } } });
    expect(store.getState().tasks.other).toBeUndefined();
  });

  it("keeps the open run's own jobs (progress on the session stream) for the job tray", async () => {
    const fake = fakeApi({ "sessions.list": () => ({ sessions: [] }) });
    const store = createAppStore(fake.api, { now: () => 0 });
    fake.emit("d1", { type: "connected", workflow: "docgen" });
    fake.emit("d1", { type: "progress", task: "sections", done: 1, total: 4, message: "1/4" });
    fake.emit("d1", { type: "progress", task: "module_reviews", done: 0, total: 6, message: "结构 · 1" });
    store.getState().openSession("d1");
    const jobs = store.getState().current.jobs;
    expect(jobs.sections).toMatchObject({ done: 1, total: 4, finished: false });
    expect(jobs.module_reviews).toMatchObject({ done: 0, total: 6, message: "结构 · 1" });
    fake.emit("d1", { type: "progress", task: "sections", done: 4, total: 4 });
    expect(store.getState().current.jobs.sections?.finished).toBe(true);
  });

  it("folds a session with the injected workflow's reducer and opens the screen the injected views name", () => {
    const fake = fakeApi({ "sessions.list": () => ({ sessions: [] }) });
    // A reducer that counts the steps it saw: the store knows it only through the injected views.
    const steps: WorkflowReducer<{ steps: number }> = { initial: () => ({ steps: 0 }), reduce: (v, e) => (e.type === "step_start" ? { steps: v.steps + 1 } : v), timelineEvents: ["progress"] };
    const workflowViews: WorkflowViews = { defaultScreen: "first", screenForWorkflow: (w) => (w === "echo" ? "echo-screen" : "first"), reducerFor: (w) => (w === "echo" ? steps : undefined) };
    const store = createAppStore(fake.api, { workflowViews });
    expect(store.getState().screen).toBe("first");
    fake.emit("e1", { type: "connected", workflow: "echo" });
    fake.emit("e1", { type: "step_start", step: "echo", agent: "system", label: "echo" });
    fake.emit("e1", { type: "progress", task: "t", done: 1, total: 2 });
    store.getState().openSession("e1");
    expect(store.getState().screen).toBe("echo-screen");
    expect(store.getState().current.workflowView).toEqual({ steps: 1 });
    expect(store.getState().current.timeline.map((e) => e.kind)).toEqual(["step", "event"]);
  });
});
