import type { IpcMain, IpcRenderer } from "electron";
import { describe, expect, it } from "vitest";
import { IPC_EVENT_CHANNEL, IPC_SUBSCRIBE_CHANNEL, METHOD_NAMES, ipcChannel } from "../../shared/api.js";
import type { EngineEvent } from "../../shared/events.js";
import { FakeApi } from "../engine/testing/fakeApi.js";
import { createBridge } from "./createBridge.js";
import type { IpcResult } from "./ipcMessages.js";
import { registerIpc } from "./registerIpc.js";

type Handler = (event: unknown, payload: unknown) => Promise<IpcResult>;

/** ipcMain + one webContents + one frame, wired like Electron would: invoke → handler, send → renderer listeners. */
function fakeIpc(frameUrl = "app://scriptorium/index.html") {
  const handlers = new Map<string, Handler>();
  const ipcMain = {
    handle: (channel: string, fn: Handler) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, fn);
    },
    removeHandler: (channel: string) => handlers.delete(channel),
  } as unknown as IpcMain;
  const rendererListeners = new Map<string, Array<(event: unknown, message: unknown) => void>>();
  const contentsListeners = new Map<string, Array<(...args: any[]) => void>>();
  const frame = { url: frameUrl };
  let destroyed = false;
  const sender = {
    send: (channel: string, message: unknown) => rendererListeners.get(channel)?.forEach((fn) => fn({}, structuredClone(message))),
    isDestroyed: () => destroyed,
    once: (event: string, fn: () => void) => contentsListeners.set(event, [...(contentsListeners.get(event) ?? []), fn]),
    on: (event: string, fn: () => void) => contentsListeners.set(event, [...(contentsListeners.get(event) ?? []), fn]),
  };
  const invoke = async (channel: string, payload: unknown): Promise<IpcResult> => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return structuredClone(await handler({ sender, senderFrame: frame }, structuredClone(payload)));
  };
  const ipcRenderer = {
    invoke,
    on: (channel: string, fn: (event: unknown, message: unknown) => void) => {
      rendererListeners.set(channel, [...(rendererListeners.get(channel) ?? []), fn]);
      return ipcRenderer;
    },
  } as unknown as IpcRenderer;
  const destroy = () => {
    destroyed = true;
    contentsListeners.get("destroyed")?.forEach((fn) => fn());
  };
  return { ipcMain, handlers, invoke, ipcRenderer, frame, destroy };
}

describe("registerIpc", () => {
  it("registers exactly one handler per contract method plus subscribe/unsubscribe", () => {
    const ipc = fakeIpc();
    const unregister = registerIpc(new FakeApi(), ipc.ipcMain);
    expect(ipc.handlers.size).toBe(METHOD_NAMES.length + 2);
    for (const method of METHOD_NAMES) expect(ipc.handlers.has(ipcChannel(method))).toBe(true);
    unregister();
    expect(ipc.handlers.size).toBe(0);
  });

  it("answers {ok:true, value} for a valid call from the app origin", async () => {
    const ipc = fakeIpc();
    registerIpc(new FakeApi(), ipc.ipcMain);
    const result = await ipc.invoke(ipcChannel("health"), {});
    expect(result).toMatchObject({ ok: true, value: { ok: true, version: "0.0.0-fake" } });
  });

  it("refuses senders from any other origin without calling the engine", async () => {
    for (const url of ["https://evil.example/", "file:///tmp/x.html", "app://other/index.html", "about:blank", ""]) {
      const ipc = fakeIpc(url);
      const api = new FakeApi();
      registerIpc(api, ipc.ipcMain);
      const result = await ipc.invoke(ipcChannel("health"), {});
      expect(result, url).toMatchObject({ ok: false, error: { code: "unauthorized" } });
      expect((await ipc.invoke(IPC_SUBSCRIBE_CHANNEL, { subscriptionId: "a", sessionId: "s1", afterSeq: 0 })).ok).toBe(false);
      expect(api.calls).toHaveLength(0);
      expect(api.subscriptions).toBe(0);
    }
  });

  it("rejects malformed payloads as bad_request data, never as a thrown error", async () => {
    const ipc = fakeIpc();
    const api = new FakeApi();
    registerIpc(api, ipc.ipcMain);
    for (const payload of [{ sessionId: 42 }, { sessionId: "x".repeat(101) }, { sessionId: "s", extra: true }, "string", [1]]) {
      const result = await ipc.invoke(ipcChannel("run.state"), payload);
      expect(result).toMatchObject({ ok: false, error: { code: "bad_request" } });
    }
    expect(await ipc.invoke(IPC_SUBSCRIBE_CHANNEL, { sessionId: "s1", afterSeq: -1 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(api.calls).toHaveLength(0);
    const notFound = await ipc.invoke(ipcChannel("run.state"), { sessionId: "nope" });
    expect(notFound).toEqual({ ok: false, error: { code: "not_found", message: 'Unknown session "nope".' } });
  });

  it("bridge round trip: call, subscribe with replay + live, unsubscribe, cleanup on destroy", async () => {
    const ipc = fakeIpc();
    const api = new FakeApi();
    registerIpc(api, ipc.ipcMain);
    let n = 0;
    const bridge = createBridge(ipc.ipcRenderer, () => `sub-${++n}`);
    expect(await bridge.call("health", {})).toMatchObject({ ok: true });
    expect(await bridge.call("ipc.raw" as string, {})).toMatchObject({ ok: false, error: { code: "not_found" } });
    const id = api.createSession();
    for (let i = 0; i < 3; i++) api.emit(id, { type: "token", step: "s", text: `t${i}` });
    const seen: EngineEvent[] = [];
    const unsubscribe = bridge.subscribe(id, 1, (event) => seen.push(event));
    await expect.poll(() => seen.length).toBe(2);
    api.emit(id, { type: "done", summary: "ok" });
    expect(seen.map((e) => e.seq)).toEqual([2, 3, 4]);
    unsubscribe();
    await expect.poll(() => api.subscriptions).toBe(0);
    bridge.subscribe(id, 4, () => undefined);
    bridge.subscribe(id, 4, () => undefined);
    await expect.poll(() => api.subscriptions).toBe(2);
    ipc.destroy();
    expect(api.subscriptions).toBe(0);
  });

  it("events are pushed only on the event channel with their subscription id", async () => {
    const ipc = fakeIpc();
    const api = new FakeApi();
    registerIpc(api, ipc.ipcMain);
    const messages: unknown[] = [];
    ipc.ipcRenderer.on(IPC_EVENT_CHANNEL, (_e, message) => messages.push(message));
    const id = api.createSession();
    await ipc.invoke(IPC_SUBSCRIBE_CHANNEL, { subscriptionId: "x1", sessionId: id, afterSeq: 0 });
    api.emit(id, { type: "done", summary: "fin" });
    expect(messages).toEqual([{ subscriptionId: "x1", event: expect.objectContaining({ seq: 1, type: "done", summary: "fin" }) }]);
  });
});
