import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ArticleScriptLlm, FakeSearch } from "../../electron/engine/testing/articleTestKit.js";
import { tempDataDir } from "../../electron/engine/testing/engineTestKit.js";
import { createServer } from "../../electron/server/createServer.js";
import type { ScriptoriumServer } from "../../electron/server/createServer.js";

/**
 * Issue 12: a client written from the product brief alone — its start body, SSE `data` fields,
 * `pause_point`, `override_verdict` and the state's `status` — drives an article to `done` over
 * HTTP on 127.0.0.1. It never reads a field the brief does not name.
 */
const TOKEN = "brief-client-token-01";
const dir = tempDataDir("scriptorium-brief-");
const llm = new ArticleScriptLlm();
let engine: Engine;
let server: ScriptoriumServer;

beforeAll(async () => {
  const installed = [{ id: "qwen2.5-3b-instruct-q4_k_m.gguf", path: "/m/qwen.gguf", sizeBytes: 1, architecture: "qwen2", contextLength: 4096, hasChatTemplate: true, fit: "green" as const }];
  engine = await createEngine({
    dataDir: dir,
    llm,
    search: new FakeSearch(),
    appVersion: "test",
    eventFlushIntervalMs: 5,
    // A models port that lists one installed GGUF (the brief's model_name is checked against it).
    models: { list: async () => ({ installed, catalog: [], loaded: null, warnings: [] }) } as never,
    providers: {
      list: async () => ({ providers: [] }),
      health: async () => ({ providers: [{ name: "library", source_type: "library", ok: true, message: "12 chunks", elapsedMs: 3 }, { name: "intranet", source_type: "intranet", ok: false, message: "connect ECONNREFUSED", elapsedMs: 5 }] }),
    } as never,
  });
  server = await createServer({ api: engine, token: TOKEN, port: 0 });
});
afterAll(async () => {
  await server?.close();
  await engine?.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Data = Record<string, any>;
const headers = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };

/** The brief's client: one EventSource-like reader per stretch, ending at the next await_user / done / error. */
class BriefClient {
  private lastEventId = "0";
  readonly seen: Array<{ event: string; data: Data }> = [];
  constructor(private readonly base: string) {}

  async start(body: Data): Promise<string> {
    const res = await fetch(`${this.base}/api/ai-writing/start`, { method: "POST", headers, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { session_id: string }).session_id;
  }

  async resume(sessionId: string, body: Data): Promise<Data> {
    const res = await fetch(`${this.base}/api/ai-writing/${sessionId}/resume`, { method: "POST", headers, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return (await res.json()) as Data;
  }

  async state(sessionId: string): Promise<Data> {
    return (await (await fetch(`${this.base}/api/ai-writing/${sessionId}/state`, { headers })).json()) as Data;
  }

  /** Read the stream until `await_user`, `done` or `error`; returns that event's data. */
  async until(sessionId: string): Promise<{ event: string; data: Data }> {
    const controller = new AbortController();
    const res = await fetch(`${this.base}/api/ai-writing/${sessionId}/stream`, { headers: { ...headers, "Last-Event-ID": this.lastEventId }, signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream closed");
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end).split("\n");
        buffer = buffer.slice(end + 2);
        const field = (name: string) => frame.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const data = field("data");
        if (!data) continue;
        this.lastEventId = field("id") ?? this.lastEventId;
        const message = { event: field("event") ?? "message", data: JSON.parse(data) as Data };
        this.seen.push(message);
        if (message.event === "await_user" || message.event === "done" || message.event === "error") {
          controller.abort();
          return message;
        }
      }
    }
  }
}

describe("a client that speaks only the brief's format", () => {
  it("start → PAUSE-1 … PAUSE-4 with override_verdict → done", async () => {
    const client = new BriefClient(server.url);
    const id = await client.start({
      user_intent: "Write about local AI for engineers",
      article_type: "analysis",
      target_audience: "engineers",
      word_count_target: 900,
      model_name: null,
      extra_context: "Our team runs models on laptops.",
    });

    let pause = await client.until(id);
    expect(client.seen[0]).toMatchObject({ event: "connected", data: { session_id: id } });
    const materialsReady = client.seen.find((m) => m.event === "materials_ready")?.data;
    expect(materialsReady).toMatchObject({ keywords: ["alpha", "beta"], summary: expect.any(String) });
    expect(materialsReady?.materials.length).toBeGreaterThan(0);
    expect(pause).toMatchObject({ event: "await_user", data: { pause_point: "material_confirm" } });
    expect(pause.data.materials.map((m: Data) => m.id)).toContain("m001");
    expect(await client.state(id)).toMatchObject({ status: "awaiting_material_confirm" });

    await client.resume(id, { action: "confirm", approved_material_ids: ["m001", "m002"], extra_keywords: null, edited_outline: null, user_revision_notes: null, override_verdict: null });
    pause = await client.until(id);
    expect(client.seen.find((m) => m.event === "resumed")?.data.message).toEqual(expect.any(String));
    expect(client.seen.find((m) => m.event === "outline_ready")?.data.outline.sections.length).toBe(3);
    expect(pause.data).toMatchObject({ pause_point: "outline_confirm", outline: { title: "Local AI" } });
    expect((await client.state(id)).status).toBe("awaiting_outline_confirm");

    await client.resume(id, { action: "confirm" });
    pause = await client.until(id);
    const draftReady = client.seen.filter((m) => m.event === "draft_ready").at(-1)?.data;
    expect(draftReady).toMatchObject({ title: "Local AI", revision_count: 0, markdown: expect.stringContaining("## Intro") });
    expect(pause.data).toMatchObject({ pause_point: "draft_confirm", draft: draftReady?.markdown });
    expect((await client.state(id)).status).toBe("awaiting_draft_confirm");

    llm.editor = { score: 55, issues: [{ severity: "major", location: "Body", issue: "thin", suggestion: "add data" }] };
    await client.resume(id, { action: "to_editor" });
    pause = await client.until(id);
    const review = client.seen.filter((m) => m.event === "review_ready").at(-1)?.data.review_result;
    expect(review).toMatchObject({ verdict: "reject", overall: 55 });
    expect(pause.data).toMatchObject({ pause_point: "review_confirm", review: { verdict: "reject" } });
    expect((await client.state(id)).status).toBe("awaiting_review_confirm");

    // The brief's PAUSE-4 answer: override the editor's verdict and finalize.
    await client.resume(id, { action: "accept_review", override_verdict: true });
    const end = await client.until(id);
    expect(end).toMatchObject({ event: "done", data: { message: expect.stringMatching(/^Final: version 1, \d+ chars$/) } });
    expect(await client.state(id)).toMatchObject({ session_id: id, status: "done" });
  });

  it("rejects the brief's start body with a clear 400 when user_intent is empty, and an unknown field type", async () => {
    const res = await fetch(`${server.url}/api/ai-writing/start`, { method: "POST", headers, body: JSON.stringify({ user_intent: "  " }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Data).error.message).toContain("intent");
    const bad = await fetch(`${server.url}/api/ai-writing/start`, { method: "POST", headers, body: JSON.stringify({ user_intent: "x", word_count_target: "many" }) });
    expect(bad.status).toBe(400);
  });

  it("model_name picks an installed model; an unknown one is a 400 naming the installed ones", async () => {
    const unknown = await fetch(`${server.url}/api/ai-writing/start`, { method: "POST", headers, body: JSON.stringify({ user_intent: "x", model_name: "llama-70b" }) });
    expect(unknown.status).toBe(400);
    const body = (await unknown.json()) as Data;
    expect(body.error.message).toBe('model_name "llama-70b" is not installed; installed: qwen2.5-3b-instruct-q4_k_m.gguf');
    expect((await engine.call("sessions.list", {})).sessions.some((s) => s.title === "x")).toBe(false);
    const known = await fetch(`${server.url}/api/ai-writing/start`, { method: "POST", headers, body: JSON.stringify({ user_intent: "local models", model_name: "qwen2.5-3b-instruct-q4_k_m" }) });
    expect(known.status).toBe(200);
    expect((await engine.call("settings.get", {})).chatModel).toBe("qwen2.5-3b-instruct-q4_k_m.gguf");
  });

  it("GET /api/ai-writing/health reports each search provider's health_check", async () => {
    const res = await fetch(`${server.url}/api/ai-writing/health`, { headers });
    const health = (await res.json()) as Data;
    expect(health).toMatchObject({ ok: true, workflow: "article" });
    expect(health.providers).toEqual([
      expect.objectContaining({ name: "library", health_check: { ok: true, message: "12 chunks", elapsed_ms: 3 } }),
      expect.objectContaining({ name: "intranet", health_check: { ok: false, message: "connect ECONNREFUSED", elapsed_ms: 5 } }),
    ]);
  });
});
