import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "./contentSecurityPolicy.js";
import { createServer } from "./createServer.js";
import type { ScriptoriumServer } from "./createServer.js";
import { FakeApi } from "../engine/testing/fakeApi.js";

const TOKEN = "test-token-0123456789";
let api: FakeApi;
let server: ScriptoriumServer;
let root: string;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request: lets tests send exact paths and Host headers that fetch would normalise. */
function raw(pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: server.port, path: pathname, method: options.method ?? "GET", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const auth = { Authorization: `Bearer ${TOKEN}` };
const rpc = (method: string, body: string, headers: Record<string, string> = auth) =>
  raw(`/api/rpc/${method}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });

/** Read an SSE stream until `until` holds for the parsed events; returns ids, types and comments. */
function readSse(
  pathname: string,
  headers: Record<string, string>,
  until: (events: Array<{ id: number; type: string }>, text: string) => boolean,
  onOpen?: () => void,
): Promise<{ events: Array<{ id: number; type: string; data: unknown }>; text: string; status: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: server.port, path: pathname, headers }, (res) => {
      let text = "";
      const events: Array<{ id: number; type: string; data: unknown }> = [];
      if (res.statusCode !== 200) {
        res.on("data", (c: Buffer) => (text += c.toString("utf8")));
        res.on("end", () => resolve({ events, text, status: res.statusCode ?? 0 }));
        return;
      }
      onOpen?.();
      res.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
        events.length = 0;
        for (const frame of text.split("\n\n")) {
          const id = /^id: (\d+)$/m.exec(frame)?.[1];
          const type = /^event: (.+)$/m.exec(frame)?.[1];
          const data = /^data: (.+)$/m.exec(frame)?.[1];
          if (id && type && data) events.push({ id: Number(id), type, data: JSON.parse(data) });
        }
        if (until(events, text)) {
          req.destroy();
          resolve({ events: [...events], text, status: 200 });
        }
      });
    });
    req.on("error", (error) => (error.message.includes("aborted") ? undefined : reject(error)));
    req.end();
  });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "scriptorium-server-"));
  const dist = path.join(root, "dist");
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Scriptorium</title>");
  writeFileSync(path.join(dist, "assets", "app.js"), "console.log(1)");
  writeFileSync(path.join(dist, "assets", "app.css"), "body{}");
  writeFileSync(path.join(root, "secret.txt"), "TOP-SECRET");
  api = new FakeApi();
  server = await createServer({ api, token: TOKEN, port: 0, staticDir: dist, keepAliveMs: 40 });
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe("auth and host", () => {
  it("rejects /api requests without or with a wrong token (401)", async () => {
    const none = await raw("/api/health");
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
    expect((await raw("/api/health", { headers: { Authorization: "Bearer nope-nope-nope" } })).status).toBe(401);
    expect((await raw("/api/health?token=wrong")).status).toBe(401);
  });

  it("accepts the token as a Bearer header or a query parameter", async () => {
    const viaHeader = await raw("/api/health", { headers: auth });
    expect(viaHeader.status).toBe(200);
    expect(JSON.parse(viaHeader.body)).toMatchObject({ ok: true, version: "0.0.0-fake" });
    expect((await raw(`/api/health?token=${TOKEN}`)).status).toBe(200);
    const viaFetch = await fetch(`${server.url}/api/rpc/health`, { method: "POST", headers: auth });
    expect(viaFetch.status).toBe(200);
  });

  it("refuses foreign Host headers (DNS rebinding) even with the token", async () => {
    const evil = await raw(`/api/health?token=${TOKEN}`, { headers: { Host: "evil.example:80" } });
    expect(evil.status).toBe(403);
    expect((await raw("/", { headers: { Host: "attacker.test" } })).status).toBe(403);
    expect((await raw(`/api/health?token=${TOKEN}`, { headers: { Host: `localhost:${server.port}` } })).status).toBe(200);
  });
});

describe("rpc status codes", () => {
  it("400 for malformed JSON", async () => {
    const res = await rpc("sessions.list", "{not json");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe("bad_request");
  });

  it("400 for a body that fails the method's schema, naming the field", async () => {
    const res = await rpc("sessions.list", JSON.stringify({ workflow: "poetry" }));
    expect(res.status).toBe(400);
    const body = JSON.parse(res.body);
    expect(body.error.code).toBe("bad_request");
    expect(body.error.message).toContain("workflow");
    const extra = await rpc("health", JSON.stringify({ surprise: 1 }));
    expect(extra.status).toBe(400);
  });

  it("404 for unknown methods, routes and sessions", async () => {
    expect((await rpc("nope.nothing", "{}")).status).toBe(404);
    expect((await raw("/api/does/not/exist", { headers: auth })).status).toBe(404);
    const unknown = await rpc("run.state", JSON.stringify({ sessionId: "missing" }));
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error.code).toBe("not_found");
  });

  it("409 for a wrong action at a pause, with the allowed list", async () => {
    const id = api.createSession();
    api.emit(id, { type: "await_user", pausePoint: "material_confirm", allowedActions: ["confirm"], context: {} });
    const res = await raw(`/api/ai-writing/${id}/resume`, { method: "POST", headers: auth, body: JSON.stringify({ action: "finalize" }) });
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body).error).toMatchObject({ code: "conflict", details: { allowed: ["confirm"] } });
    const badShape = await raw(`/api/ai-writing/${id}/resume`, { method: "POST", headers: auth, body: JSON.stringify({ action: "dance" }) });
    expect(badShape.status).toBe(400);
  });

  it("413 for a body over 1 MB, declared or streamed", async () => {
    const big = JSON.stringify({ intent: "x".repeat(1024 * 1024 + 10) });
    const declared = await raw("/api/ai-writing/start", { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: big }).catch(() => null);
    // Node may reset the socket after the early 413; when a response arrives it must be 413.
    if (declared) expect(declared.status).toBe(413);
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: server.port, path: "/api/rpc/health", method: "POST", headers: { ...auth, "Transfer-Encoding": "chunked" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.write("x".repeat(600 * 1024));
      req.write("x".repeat(600 * 1024));
      req.end();
    });
    expect(chunked).toBe(413);
  });
});

describe("article routes", () => {
  it("start → stream until the pause → resume → done", async () => {
    const start = await raw("/api/ai-writing/start", { method: "POST", headers: auth, body: JSON.stringify({ intent: "Write about tea", article_type: "feature" }) });
    expect(start.status).toBe(200);
    const { session_id: id } = JSON.parse(start.body) as { session_id: string };
    const first = await readSse(`/api/ai-writing/${id}/stream`, auth, (events) => events.some((e) => e.type === "await_user"));
    expect(first.events.map((e) => e.type)).toEqual(["connected", "step_start", "step_done", "await_user"]);
    const state = await raw(`/api/ai-writing/${id}/state`, { headers: auth });
    expect(JSON.parse(state.body).pause.pausePoint).toBe("material_confirm");
    const versions = await raw(`/api/ai-writing/${id}/versions`, { headers: auth });
    expect(JSON.parse(versions.body).versions).toHaveLength(1);
    const resume = await raw(`/api/ai-writing/${id}/resume`, { method: "POST", headers: auth, body: JSON.stringify({ action: "confirm" }) });
    expect(JSON.parse(resume.body)).toEqual({ session_id: id, status: "running", message: "已提交，流程恢复中" });
    const rest = await readSse(`/api/ai-writing/${id}/stream`, { ...auth, "Last-Event-ID": "4" }, (events) => events.some((e) => e.type === "done"));
    expect(rest.events.map((e) => e.id)).toEqual([5, 6]);
  });

  it("rejects an empty intent with 400", async () => {
    const res = await raw("/api/ai-writing/start", { method: "POST", headers: auth, body: JSON.stringify({ intent: "  " }) });
    expect(res.status).toBe(400);
  });
});

describe("SSE", () => {
  it("replays after Last-Event-ID then delivers live events with no gaps or duplicates", async () => {
    const id = api.createSession();
    for (let i = 0; i < 5; i++) api.emit(id, { type: "token", step: "s", text: `t${i}` });
    const result = await readSse(
      `/api/sessions/${id}/stream`,
      { ...auth, "Last-Event-ID": "2" },
      (events) => events.length >= 6,
      () => setTimeout(() => [5, 6, 7].forEach((i) => api.emit(id, { type: "token", step: "s", text: `t${i}` })), 10),
    );
    expect(result.events.map((e) => e.id)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(result.events[0]).toMatchObject({ type: "token", data: { seq: 3, sessionId: id, text: "t2" } });
    expect(result.text).toContain("retry: 2000");
  });

  it("accepts ?lastEventId= and ?token= (EventSource cannot send headers)", async () => {
    const id = api.createSession();
    for (let i = 0; i < 3; i++) api.emit(id, { type: "token", step: "s", text: `t${i}` });
    const result = await readSse(`/api/sessions/${id}/stream?lastEventId=1&token=${TOKEN}`, {}, (events) => events.length >= 2);
    expect(result.events.map((e) => e.id)).toEqual([2, 3]);
  });

  it("sends keep-alive comments and unsubscribes when the client leaves", async () => {
    const id = api.createSession();
    const before = api.subscriptions;
    const result = await readSse(`/api/sessions/${id}/stream`, auth, (_events, text) => text.includes(": keep-alive"));
    expect(result.text).toContain(": keep-alive\n\n");
    await expect.poll(() => api.subscriptions).toBe(before);
  });

  it("404 for an unknown session, 400 for a malformed Last-Event-ID, 401 without token", async () => {
    expect((await readSse("/api/sessions/nope/stream", auth, () => true)).status).toBe(404);
    const id = api.createSession();
    expect((await readSse(`/api/sessions/${id}/stream`, { ...auth, "Last-Event-ID": "abc" }, () => true)).status).toBe(400);
    expect((await readSse(`/api/sessions/${id}/stream`, {}, () => true)).status).toBe(401);
  });

  it("?view=engine sends the engine's events as they are (the brief view adds pause_point and the context on top); another view is a 400", async () => {
    const id = api.createSession();
    const pause = api.emit(id, { type: "await_user", pausePoint: "material_confirm", allowedActions: ["confirm"], context: { note: "n" } });
    const brief = await readSse(`/api/sessions/${id}/stream`, auth, (events) => events.length === 1);
    expect(brief.events[0]!.data).toMatchObject({ pause_point: "material_confirm", note: "n" });
    const engine = await readSse(`/api/sessions/${id}/stream?view=engine`, auth, (events) => events.length === 1);
    expect(engine.events[0]!.data).toEqual(pause);
    expect((await readSse(`/api/sessions/${id}/stream?view=raw`, auth, () => true)).status).toBe(400);
  });
});

describe("static renderer", () => {
  it("serves index.html with the CSP and nosniff headers", async () => {
    const res = await raw("/");
    expect(res.status).toBe(200);
    expect(res.body).toContain("<title>Scriptorium</title>");
    expect(res.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-type"]).toContain("text/html");
  });

  it("serves assets with their MIME type and falls back to index.html for client routes", async () => {
    expect((await raw("/assets/app.js")).headers["content-type"]).toContain("text/javascript");
    expect((await raw("/assets/app.css")).headers["content-type"]).toContain("text/css");
    const route = await raw("/sessions/abc");
    expect(route.status).toBe(200);
    expect(route.body).toContain("<title>Scriptorium</title>");
    expect((await raw("/assets/missing.js")).status).toBe(404);
  });

  it("never serves files outside the dist dir", async () => {
    for (const attempt of ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/assets/..%2f..%2fsecret.txt", "/%2e%2e%5csecret.txt", "/secret.txt%00.js", "/%2e%2e/%2e%2e/etc/passwd"]) {
      const res = await raw(attempt);
      expect(res.body, attempt).not.toContain("TOP-SECRET");
      expect(res.body, attempt).not.toContain("root:");
      expect([200, 404], attempt).toContain(res.status);
    }
    expect((await raw("/%2e%2e/secret.txt")).status).toBe(404);
  });
});
