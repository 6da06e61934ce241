import type { ScriptoriumApi } from "../../../shared/api.js";
import type { EngineEvent } from "../../../shared/events.js";

/**
 * Stand-in for renderer/transport/createTransport.ts, aliased into the e2e build only while the
 * real transport has not landed: RPC over `POST /api/rpc/<m>`, events over the SSE route with
 * `?lastEventId=` replay, reconnecting after a drop. DOM-only, like the real one.
 */
export function createTransport(): ScriptoriumApi {
  const token = new URL(location.href).searchParams.get("token") ?? sessionStorage.getItem("scriptorium.token") ?? "";
  sessionStorage.setItem("scriptorium.token", token);
  const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
  return {
    async call(method, input) {
      const res = await fetch(`/api/rpc/${method}`, { method: "POST", headers, body: JSON.stringify(input ?? {}) });
      const body = await res.json();
      if (!res.ok) throw Object.assign(new Error(body?.error?.message ?? res.statusText), body?.error ?? {});
      return body;
    },
    subscribe(sessionId, afterSeq, listener) {
      let last = afterSeq;
      let stopped = false;
      const controller = new AbortController();
      const loop = async () => {
        while (!stopped) {
          try {
            const res = await fetch(`/api/sessions/${encodeURIComponent(sessionId)}/stream?lastEventId=${last}`, { headers, signal: controller.signal });
            const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
            let buffer = "";
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              buffer += value;
              let cut: number;
              while ((cut = buffer.indexOf("\n\n")) >= 0) {
                const block = buffer.slice(0, cut);
                buffer = buffer.slice(cut + 2);
                const data = block.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\n");
                if (!data) continue;
                const event = JSON.parse(data) as EngineEvent;
                if (event.seq <= last) continue;
                last = event.seq;
                listener(event);
              }
            }
          } catch {
            if (stopped) return;
          }
          await new Promise((r) => setTimeout(r, 500));
        }
      };
      void loop();
      return () => {
        stopped = true;
        controller.abort();
      };
    },
  };
}
