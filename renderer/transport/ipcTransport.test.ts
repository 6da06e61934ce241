import { describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../shared/errors.js";
import type { EngineEvent } from "../../shared/events.js";
import { createIpcTransport } from "./ipcTransport.js";
import type { BridgeResult, ScriptoriumBridge } from "./ScriptoriumBridge.js";

function fakeBridge(result: BridgeResult): ScriptoriumBridge & { calls: Array<[string, unknown]> } {
  const calls: Array<[string, unknown]> = [];
  return {
    calls,
    call: async (method, input) => {
      calls.push([method, input]);
      return result;
    },
    subscribe: (_sessionId, afterSeq, listener) => {
      listener({ type: "done", summary: "x", seq: afterSeq + 1, sessionId: "s", ts: "t" } as EngineEvent);
      return () => undefined;
    },
  };
}

describe("createIpcTransport", () => {
  it("returns the value of an ok result", async () => {
    const bridge = fakeBridge({ ok: true, value: { sessions: [] } });
    await expect(createIpcTransport(bridge).call("sessions.list", {})).resolves.toEqual({ sessions: [] });
    expect(bridge.calls).toEqual([["sessions.list", {}]]);
  });

  it("throws a ScriptoriumError carrying code, message and details", async () => {
    const transport = createIpcTransport(fakeBridge({ ok: false, error: { code: "conflict", message: "wrong action", details: { allowed: ["confirm"] } } }));
    const error = await transport.call("run.resume", { sessionId: "s", payload: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptoriumError);
    expect(error).toMatchObject({ code: "conflict", message: "wrong action", details: { allowed: ["confirm"] } });
  });

  it("passes subscriptions through", () => {
    const seen: number[] = [];
    createIpcTransport(fakeBridge({ ok: true, value: null })).subscribe("s", 4, (e) => seen.push(e.seq));
    expect(seen).toEqual([5]);
  });
});
