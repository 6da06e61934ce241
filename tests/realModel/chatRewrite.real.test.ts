import { afterAll, beforeAll, expect, it } from "vitest";
import { describeReal } from "./describeReal.js";
import { RealServer, timed } from "./realServer.js";

/**
 * Chat and the editor's selection rewrite on the real model over HTTP: both stream tokens (SSE
 * `token` events) that make up what they return. English, so on the instruction-tuned SmolLM2.
 */
describeReal("chat and selection rewrite on the real model over HTTP", (modelPath) => {
  let app: RealServer;
  beforeAll(async () => {
    app = await RealServer.start(modelPath, "chat", { contextSize: 2048 });
  }, 300_000);
  afterAll(async () => app?.close());

  it("chat streams its reply token by token to done; selection rewrite streams on the session", async () => {
    const { session_id } = await timed("chat", () => app.post<{ session_id: string }>("/api/chat/start", { prompt: "Name three rivers in Europe.", maxTokens: 40 }));
    const events = await timed("chat stream", () => app.streamUntilSettled("chat", session_id));
    expect(events.at(-1)!.type, JSON.stringify(events.at(-1))).toBe("done");
    const tokens = events.filter((e) => e.type === "token");
    expect(tokens.length).toBeGreaterThan(1);
    const state = await app.get<{ values: { text: string } }>(`/api/chat/${session_id}/state`);
    expect(tokens.map((e) => String(e.text)).join("").trim()).toBe(state.values.text.trim());

    // The rewrite's tokens arrive on the session stream under step `rewrite:<id>`; read them from after the chat's events.
    const after = events.at(-1)!.seq;
    const result = await timed("rewrite", () => app.rpc<{ replacement: string; stopReason: string }>("documents.rewriteSelection", { sessionId: session_id, rewriteId: "rw-real", action: "polish", text: "Rivers is important for the cities, they gives water." }));
    expect(result.replacement.trim().length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await app.rpc<{ events: Array<{ type: string; step?: string; text?: string }> }>("events.list", { sessionId: session_id, afterSeq: after })).events.filter((e) => e.type === "token" && e.step === "rewrite:rw-real").length, { timeout: 10_000 })
      .toBeGreaterThan(1);
  }, 600_000);
}, ["smollm2"]);
