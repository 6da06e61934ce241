import type { MethodInput, MethodName, MethodOutput, ScriptoriumApi } from "../../shared/api.js";
import { ApiErrorSchema, ScriptoriumError } from "../../shared/errors.js";
import { EventEnvelopeSchema, type EngineEvent } from "../../shared/events.js";
import { parseJson } from "../../shared/parseJson.js";
import { createSseParser } from "./sseParser.js";
import { ConnectionMonitor, SERVER_UNREACHABLE } from "./ConnectionMonitor.js";

/** The HTTP transport and what it knows about its connection. */
export interface HttpTransport extends ScriptoriumApi {
  readonly connection: ConnectionMonitor;
}

export interface HttpTransportOptions {
  /** Server origin; "" (the default) = the page's own origin. */
  baseUrl?: string;
  /** Access token sent as `Authorization: Bearer`; null when the server was started without one. */
  token: string | null;
  /** Injected for tests; default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** First reconnect delay in ms (doubles up to `maxReconnectDelayMs`); default 1000, or the server's `retry:`. */
  reconnectDelayMs?: number;
  /** Longest reconnect delay in ms; default 15 000. */
  maxReconnectDelayMs?: number;
  /** Wait between probes of a lost server in ms; default 2000. */
  probeIntervalMs?: number;
}

/** Turn a non-2xx response into the engine's error (`{error:{code,message,details?}}`), or a generic one. */
async function errorFromResponse(response: Response): Promise<ScriptoriumError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): described by the status below.
  }
  const parsed = ApiErrorSchema.safeParse((body as { error?: unknown } | null)?.error);
  if (parsed.success) return new ScriptoriumError(parsed.data.code, parsed.data.message, parsed.data.details);
  const code = response.status === 401 || response.status === 403 ? "unauthorized" : response.status === 404 ? "not_found" : response.status >= 500 ? "unavailable" : "bad_request";
  return new ScriptoriumError(code, `HTTP ${response.status} ${response.statusText}`.trim());
}

/**
 * The contract over HTTP + SSE (browser mode). Calls are `POST /api/rpc/<method>`; events stream
 * from `GET /api/sessions/<id>/stream`, read with fetch so the token can travel in a header, and
 * reconnect with `Last-Event-ID` after a drop so nothing is missed or repeated.
 */
export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const baseUrl = options.baseUrl ?? "";
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const authHeaders = (): Record<string, string> => (options.token ? { Authorization: `Bearer ${options.token}` } : {});
  const post = (method: string, input: unknown): Promise<Response> =>
    doFetch(`${baseUrl}/api/rpc/${encodeURIComponent(method)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...authHeaders() },
      body: JSON.stringify(input ?? {}),
    });
  const connection = new ConnectionMonitor({
    probe: async () => {
      const response = await post("health", {});
      return response.ok ? "ok" : response.status === 401 ? "unauthorized" : "down";
    },
    ...(options.probeIntervalMs !== undefined ? { retryMs: options.probeIntervalMs } : {}),
  });
  /** What every answer tells the monitor: 401 is the server refusing this page's token (403 is a host check, not the token). */
  const heard = (response: Response): void => {
    if (response.status === 401) connection.refused();
    else if (response.status < 500) connection.reached();
  };

  return {
    connection,
    async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
      let response: Response;
      try {
        response = await post(method, input);
      } catch (error) {
        connection.lost();
        throw new ScriptoriumError("unavailable", `Cannot reach the Scriptorium server: ${(error as Error).message}`, { reason: SERVER_UNREACHABLE });
      }
      heard(response);
      if (!response.ok) throw await errorFromResponse(response);
      return (await response.json()) as MethodOutput<M>;
    },

    subscribe(sessionId, afterSeq, listener) {
      const controller = new AbortController();
      let lastSeq = afterSeq;
      let delay = options.reconnectDelayMs ?? 1000;
      const maxDelay = options.maxReconnectDelayMs ?? 15_000;

      const deliver = (event: EngineEvent): void => {
        if (event.seq <= lastSeq) return;
        lastSeq = event.seq;
        listener(event);
      };

      /** One connection: "dropped" after a stream that was open, "failed" before it opened, "stop" when hopeless. */
      const connectOnce = async (): Promise<"dropped" | "failed" | "stop"> => {
        const response = await doFetch(`${baseUrl}/api/sessions/${encodeURIComponent(sessionId)}/stream`, {
          headers: { Accept: "text/event-stream", "Last-Event-ID": String(lastSeq), ...authHeaders() },
          signal: controller.signal,
        });
        heard(response);
        if (!response.ok || !response.body) {
          const error = await errorFromResponse(response);
          // Retrying cannot fix a bad token or an unknown session; it can outlast a restart (5xx).
          if (response.status < 500) {
            console.warn(`[scriptorium] stream ${sessionId} stopped: ${error.message}`);
            return "stop";
          }
          return "failed";
        }
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const feed = createSseParser(
          (message) => {
            if (!message.data) return;
            try {
              deliver(parseJson(EventEnvelopeSchema, message.data, "an event from the server"));
            } catch {
              console.warn("[scriptorium] malformed event skipped");
            }
          },
          // The server's `retry:` hint applies unless the caller fixed a delay.
          (ms) => {
            if (options.reconnectDelayMs === undefined) delay = ms;
          },
        );
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return "dropped";
          feed(value);
        }
      };

      const run = async (): Promise<void> => {
        let wait = delay;
        while (!controller.signal.aborted) {
          let outcome: "dropped" | "failed" | "stop" = "failed";
          try {
            outcome = await connectOnce();
          } catch {
            // Network error or abort: the loop condition tells which.
          }
          if (outcome === "stop" || controller.signal.aborted) return;
          // A drop or a failure may mean the server is gone: the monitor probes and says so.
          connection.lost();
          // A stream that was open resets the backoff; repeated failures double it. The monitor
          // cuts the wait short once the server answers again, so a restart is caught up at once.
          wait = outcome === "dropped" ? delay : Math.min(wait * 2, maxDelay);
          await connection.wait(wait, controller.signal);
          if (connection.state === "locked") return;
        }
      };
      void run();
      return () => controller.abort();
    },
  };
}
