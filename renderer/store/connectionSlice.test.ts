import { describe, expect, it } from "vitest";
import type { ScriptoriumApi } from "../../shared/api.js";
import { ScriptoriumError } from "../../shared/errors.js";
import { ConnectionMonitor, SERVER_UNREACHABLE, type ProbeOutcome } from "../transport/ConnectionMonitor.js";
import { createAppStore } from "./createAppStore.js";

describe("the store's connection state", () => {
  it("keeps unreachable-server errors out of the banner and re-reads the session list when the server is back", async () => {
    const server = { answer: "down" as ProbeOutcome, status: "running" };
    const monitor = new ConnectionMonitor({ probe: async () => server.answer, retryMs: 10, restoredMs: 1_000 });
    const calls: string[] = [];
    const api: ScriptoriumApi = {
      async call(method) {
        calls.push(method);
        if (server.answer === "down") {
          monitor.lost();
          throw new ScriptoriumError("unavailable", "Cannot reach the Scriptorium server: fetch failed", { reason: SERVER_UNREACHABLE });
        }
        if (method === "sessions.list") return { sessions: [{ id: "a1", workflow: "article", title: "t", status: server.status, pausePoint: null, createdAt: "x", updatedAt: "x" }] } as never;
        if (method === "settings.get") return { locale: "zh-CN", backend: "llamacpp", chatModel: null } as never;
        if (method === "models.list") return { installed: [], catalog: [], loaded: null, warnings: [] } as never;
        throw new ScriptoriumError("not_found", `no ${method}`);
      },
      subscribe: () => () => undefined,
    };
    const store = createAppStore(api, { connection: monitor });
    await store.getState().refreshSessions();
    await expect.poll(() => store.getState().connection).toBe("offline");
    expect(store.getState().errors).toEqual([]);

    // A stopping server's last answer (503, shutting down) made a banner; it is stale once the server is back.
    store.getState().pushError(new ScriptoriumError("unavailable", "The engine is shutting down."));
    store.getState().pushError(new ScriptoriumError("conflict", "wrong action"));
    // The run reached its pause while the page could not hear it.
    server.status = "paused";
    server.answer = "ok";
    await expect.poll(() => store.getState().connection).toBe("restored");
    await expect.poll(() => store.getState().sessions[0]?.status).toBe("paused");
    expect(calls.filter((m) => m === "sessions.list").length).toBeGreaterThanOrEqual(2);
    expect(store.getState().errors.map((e) => e.code)).toEqual(["conflict"]);
  });

  it("is online, and stays so, without a monitor (the desktop app's IPC)", () => {
    const api: ScriptoriumApi = { call: async () => ({}) as never, subscribe: () => () => undefined };
    expect(createAppStore(api).getState().connection).toBe("online");
  });
});
