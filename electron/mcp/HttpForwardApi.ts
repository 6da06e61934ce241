import type { MethodInput, MethodName, MethodOutput, ScriptoriumApi } from "../../shared/api.js";
import { ScriptoriumError } from "../../shared/errors.js";
import type { EngineEvent } from "../../shared/events.js";
import { isLoopbackUrl } from "../engine/io/loopbackHosts.js";

/** How often a forwarded subscription asks the app for new events. */
const POLL_MS = 250;

/**
 * The contract over a running app's HTTP server (`POST /api/rpc/<method>`, bearer token), so the
 * MCP server can forward to the app and the model loads once. Subscriptions poll `events.list`.
 * Only loopback URLs are accepted (offline rule).
 */
export class HttpForwardApi implements ScriptoriumApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {
    if (!isLoopbackUrl(baseUrl)) throw new ScriptoriumError("bad_request", `Forwarding only to a loopback app, not ${baseUrl}.`);
  }

  async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
    const res = await fetch(`${this.baseUrl.replace(/\/$/, "")}/api/rpc/${method}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${this.token}` },
      body: JSON.stringify(input ?? {}),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) {
      const err = (body.error ?? body) as { code?: string; message?: string; details?: unknown };
      throw new ScriptoriumError((err.code as never) ?? "internal", err.message ?? `HTTP ${res.status}`, err.details);
    }
    return body as MethodOutput<M>;
  }

  subscribe(sessionId: string, afterSeq: number, listener: (event: EngineEvent) => void): () => void {
    let cursor = afterSeq;
    let stopped = false;
    const tick = async (): Promise<void> => {
      while (!stopped) {
        try {
          const { events } = await this.call("events.list", { sessionId, afterSeq: cursor });
          for (const e of events) {
            if (stopped) return;
            cursor = Math.max(cursor, e.seq);
            listener(e);
          }
        } catch (error) {
          console.error(`[mcp] polling ${sessionId} failed: ${String(error)}`);
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };
    void tick();
    return () => {
      stopped = true;
    };
  }
}
