import { afterEach, describe, expect, it, vi } from "vitest";
import type { EngineEvent } from "../../shared/events.js";
import { FakeApi } from "../engine/testing/fakeApi.js";
import { createServer, type ScriptoriumServer } from "../server/createServer.js";
import { HttpForwardApi } from "./HttpForwardApi.js";

const TOKEN = "forward-token-0123456789";
const servers: ScriptoriumServer[] = [];
const unsubscribers: Array<() => void> = [];

async function serve(api: FakeApi, port = 0): Promise<ScriptoriumServer> {
  const server = await createServer({ api, token: TOKEN, port, keepAliveMs: 200 });
  servers.push(server);
  return server;
}

function follow(forward: HttpForwardApi, sessionId: string, afterSeq = 0): EngineEvent[] {
  const seen: EngineEvent[] = [];
  unsubscribers.push(forward.subscribe(sessionId, afterSeq, (event) => seen.push(event)));
  return seen;
}

afterEach(async () => {
  for (const stop of unsubscribers.splice(0)) stop();
  await Promise.all(servers.splice(0).map((server) => server.close().catch(() => undefined)));
  vi.restoreAllMocks();
});

describe("HttpForwardApi (a real loopback server over a test engine)", () => {
  it("forwards calls and gives back the app's errors with their codes", async () => {
    const api = new FakeApi();
    const id = api.createSession();
    const forward = new HttpForwardApi(`${(await serve(api)).url}/`, TOKEN);
    expect((await forward.call("run.state", { sessionId: id })).session.id).toBe(id);
    await expect(forward.call("run.state", { sessionId: "nope" })).rejects.toMatchObject({ code: "not_found" });
    await expect(forward.call("run.state", {} as never)).rejects.toMatchObject({ code: "bad_request" });
    await expect(new HttpForwardApi((await serve(api)).url, "wrong-token-0000").call("sessions.list", {} as never)).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("a dead app is unavailable within the connect limit, not a hang", async () => {
    const server = await serve(new FakeApi());
    const url = server.url;
    await server.close();
    const started = Date.now();
    await expect(new HttpForwardApi(url, TOKEN).call("sessions.list", {} as never)).rejects.toMatchObject({ code: "unavailable", message: expect.stringContaining(`The app at ${url} did not answer`) as unknown });
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it("refuses an app that is not on loopback", () => {
    expect(() => new HttpForwardApi("http://192.168.1.5:4000", TOKEN)).toThrow(/loopback/);
  });

  it("follows the session's SSE stream: replay after the cursor, then live events, as the engine sent them", async () => {
    const api = new FakeApi();
    const id = api.createSession();
    api.emit(id, { type: "step_start", step: "a", agent: "writer", label: "A" } as never);
    api.emit(id, { type: "step_done", step: "a", agent: "writer", label: "A", summary: "ok" } as never);
    const forward = new HttpForwardApi((await serve(api)).url, TOKEN);
    const seen = follow(forward, id, 1);
    await expect.poll(() => seen.map((e) => e.seq)).toEqual([2]);
    const pause = api.emit(id, { type: "await_user", pausePoint: "material_confirm", allowedActions: ["confirm"], context: { note: "n" } } as never);
    await expect.poll(() => seen.map((e) => e.seq)).toEqual([2, 3]);
    // The engine's event exactly: no brief-view fields (pause_point, the context spread on top).
    expect(seen[1]).toEqual(pause);
    expect(api.subscriptions).toBe(1);
  });

  it("unsubscribing closes the stream on the app", async () => {
    const api = new FakeApi();
    const id = api.createSession();
    const forward = new HttpForwardApi((await serve(api)).url, TOKEN);
    const stop = forward.subscribe(id, 0, () => undefined);
    await expect.poll(() => api.subscriptions).toBe(1);
    stop();
    await expect.poll(() => api.subscriptions).toBe(0);
  });

  it("reconnects after the app drops the stream and continues after the last seq, with no gap or duplicate", async () => {
    const api = new FakeApi();
    const id = api.createSession();
    const first = await serve(api);
    const forward = new HttpForwardApi(first.url, TOKEN);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const seen = follow(forward, id);
    api.emit(id, { type: "step_start", step: "a", agent: "writer", label: "A" } as never);
    await expect.poll(() => seen.length).toBe(1);
    await first.close();
    // Written while no stream is open: the reconnect's Last-Event-ID replays it.
    api.emit(id, { type: "step_done", step: "a", agent: "writer", label: "A", summary: "ok" } as never);
    await serve(api, first.port);
    await expect.poll(() => seen.map((e) => e.seq), { timeout: 20_000 }).toEqual([1, 2]);
    api.emit(id, { type: "step_start", step: "b", agent: "writer", label: "B" } as never);
    await expect.poll(() => seen.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it("an unknown session stops the subscription instead of retrying forever", async () => {
    const api = new FakeApi();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const forward = new HttpForwardApi((await serve(api)).url, TOKEN);
    follow(forward, "missing");
    await expect.poll(() => errors.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringMatching(/following missing stopped: .*/)]);
    const attempts = api.calls.filter((call) => call.method === "run.state").length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(api.calls.filter((call) => call.method === "run.state").length).toBe(attempts);
  });
});
