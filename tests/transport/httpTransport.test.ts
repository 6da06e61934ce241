import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../shared/errors.js";
import type { EngineEvent } from "../../shared/events.js";
import { createServer } from "../../electron/server/createServer.js";
import type { ScriptoriumServer } from "../../electron/server/createServer.js";
import { FakeApi } from "../../electron/engine/testing/fakeApi.js";
import { createHttpTransport } from "../../renderer/transport/httpTransport.js";

// The renderer's HTTP transport against the real HTTP+SSE adapter on 127.0.0.1.
const TOKEN = "transport-token-123456";
let api: FakeApi;
let server: ScriptoriumServer;

beforeAll(async () => {
  api = new FakeApi();
  server = await createServer({ api, token: TOKEN, port: 0 });
});
afterAll(async () => server.close());

describe("createHttpTransport", () => {
  it("calls methods and returns their output", async () => {
    const transport = createHttpTransport({ baseUrl: server.url, token: TOKEN });
    await expect(transport.call("health", {})).resolves.toMatchObject({ ok: true, version: "0.0.0-fake" });
  });

  it("throws ScriptoriumError with the server's code, message and details", async () => {
    const transport = createHttpTransport({ baseUrl: server.url, token: TOKEN });
    const id = api.createSession();
    api.emit(id, { type: "await_user", pausePoint: "material_confirm", allowedActions: ["confirm"], context: {} });
    const conflict = await transport.call("run.resume", { sessionId: id, payload: { action: "finalize" } }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ScriptoriumError);
    expect(conflict).toMatchObject({ code: "conflict", details: { allowed: ["confirm"] } });
    await expect(transport.call("run.state", { sessionId: "missing" })).rejects.toMatchObject({ code: "not_found" });
    await expect(createHttpTransport({ baseUrl: server.url, token: "wrong-token-000" }).call("health", {})).rejects.toMatchObject({ code: "unauthorized" });
    await expect(createHttpTransport({ baseUrl: "http://127.0.0.1:1", token: TOKEN }).call("health", {})).rejects.toMatchObject({ code: "unavailable" });
  });

  it("replays, streams live, and after a dropped connection resumes from Last-Event-ID without gaps or duplicates", async () => {
    // The reconnect delay must outlast a poll interval, or the moment with no subscription is missed.
    const transport = createHttpTransport({ baseUrl: server.url, token: TOKEN, reconnectDelayMs: 500 });
    const id = api.createSession();
    for (let i = 0; i < 3; i++) api.emit(id, { type: "token", step: "s", text: `t${i}` });
    const seen: EngineEvent[] = [];
    const unsubscribe = transport.subscribe(id, 1, (event) => seen.push(event));
    await expect.poll(() => seen.length).toBe(2);
    api.emit(id, { type: "token", step: "s", text: "live" });
    await expect.poll(() => seen.length).toBe(3);

    // Drop every open connection (as a server restart or a network blip would).
    server.server.closeAllConnections();
    await expect.poll(() => api.subscriptions, { interval: 20 }).toBe(0);
    api.emit(id, { type: "token", step: "s", text: "missed while away" });
    await expect.poll(() => api.subscriptions, { timeout: 10_000 }).toBe(1);
    api.emit(id, { type: "done", summary: "end" });
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(5);
    expect(seen.map((e) => e.seq)).toEqual([2, 3, 4, 5, 6]);

    unsubscribe();
    await expect.poll(() => api.subscriptions).toBe(0);
  });

  it("stops retrying an unknown session", async () => {
    const transport = createHttpTransport({ baseUrl: server.url, token: TOKEN, reconnectDelayMs: 10 });
    const before = api.calls.length;
    transport.subscribe("nope", 0, () => undefined);
    await expect.poll(() => api.calls.length).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.calls.length).toBe(before + 1);
  });
});

describe("createHttpTransport's connection monitor across a server restart", () => {
  it("goes offline when the server stops, restored when it is back with the same token, locked when the token changed", async () => {
    const restartApi = new FakeApi();
    let first: ScriptoriumServer | null = await createServer({ api: restartApi, token: TOKEN, port: 0 });
    const port = first.port;
    const transport = createHttpTransport({ baseUrl: first.url, token: TOKEN, reconnectDelayMs: 50, probeIntervalMs: 50 });
    const states: string[] = [];
    transport.connection.subscribe((state) => states.push(state));
    const id = restartApi.createSession();
    const seen: EngineEvent[] = [];
    const unsubscribe = transport.subscribe(id, 0, (event) => seen.push(event));
    await expect.poll(() => restartApi.subscriptions).toBe(1);

    first.server.closeAllConnections();
    await first.close();
    first = null;
    await expect.poll(() => transport.connection.state).toBe("offline");
    // A call that cannot reach the server says so in its details: the indicator shows it, not a banner.
    await expect(transport.call("health", {})).rejects.toMatchObject({ code: "unavailable", details: { reason: "server_unreachable" } });

    // Same data dir, same kept token: the page catches up by itself.
    const second = await createServer({ api: restartApi, token: TOKEN, port });
    restartApi.emit(id, { type: "token", step: "s", text: "after restart" });
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    expect(states.slice(0, 2)).toEqual(["offline", "restored"]);
    second.server.closeAllConnections();
    await second.close();

    // Restarted with another token: no retry can help, the tab is told so.
    const third = await createServer({ api: restartApi, token: "another-token-987654", port });
    await expect.poll(() => transport.connection.state, { timeout: 10_000 }).toBe("locked");
    unsubscribe();
    third.server.closeAllConnections();
    await third.close();
  });
});
