import { setTimeout as sleep } from "node:timers/promises";
import type { MethodInput, MethodName, MethodOutput, ScriptoriumApi } from "../../shared/api.js";
import { ERROR_CODES, ScriptoriumError, type ErrorCode } from "../../shared/errors.js";
import { EventEnvelopeSchema, type EngineEvent } from "../../shared/events.js";
import { parseJson } from "../../shared/parseJson.js";
import { HttpFailure, httpRequest, openHttp, type HttpLimits } from "../engine/io/httpClient.js";
import { isLoopbackUrl } from "../engine/io/loopbackHosts.js";
import { backoffDelay } from "../engine/io/retryPolicy.js";
import { readSse } from "../engine/io/sseReader.js";

/**
 * Limits of one forwarded call. The app answers most calls at once; a few wait on work (a model
 * load, a guide import), so the headers may take minutes, but a dead app fails in seconds.
 */
const CALL_LIMITS: HttpLimits = { connectMs: 5_000, headersMs: 10 * 60_000, idleMs: 60_000, maxBytes: 64 * 1024 * 1024 };
/**
 * Limits of an event stream: it lives as long as the run, so no total; the server sends a
 * keep-alive comment every 15 s, so a minute of silence is a dead connection.
 */
const STREAM_LIMITS: HttpLimits = { connectMs: 5_000, headersMs: 30_000, idleMs: 60_000 };
/** Largest single event accepted from the stream (a review or an outline is a few kB). */
const MAX_EVENT_CHARS = 4 * 1024 * 1024;
/** Reconnect backoff after a dropped stream, as EventSource does (the cursor makes it gapless). */
const RECONNECT = { baseMs: 250, capMs: 5_000 };

/**
 * The contract over a running app's HTTP server (`POST /api/rpc/<method>`, bearer token), so the
 * MCP server can forward to the app and the model loads once. A subscription follows the session's
 * SSE stream (`/api/sessions/<id>/stream`), reconnecting from its last seq. Calls and
 * streams go through the io HTTP client (timeouts, byte cap). Only loopback URLs are accepted
 * (offline rule).
 */
export class HttpForwardApi implements ScriptoriumApi {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly token: string,
  ) {
    if (!isLoopbackUrl(baseUrl)) throw new ScriptoriumError("bad_request", `Forwarding only to a loopback app, not ${baseUrl}.`);
    this.baseUrl = baseUrl.replace(/\/$/, "");
  }

  async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
    const url = `${this.baseUrl}/api/rpc/${method}`;
    let response;
    try {
      response = await httpRequest({
        url,
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.token}` },
        body: JSON.stringify(input ?? {}),
        limits: CALL_LIMITS,
      });
    } catch (error) {
      throw unreachable(this.baseUrl, error);
    }
    const body = parseBody(response.text);
    if (response.status < 200 || response.status >= 300) throw errorOf(body, response.status);
    return body as MethodOutput<M>;
  }

  subscribe(sessionId: string, afterSeq: number, listener: (event: EngineEvent) => void): () => void {
    const controller = new AbortController();
    void this.follow(sessionId, afterSeq, listener, controller.signal);
    return () => controller.abort();
  }

  /** Reads the stream until unsubscribed; a dropped connection reconnects after the last seq seen. */
  private async follow(sessionId: string, afterSeq: number, listener: (event: EngineEvent) => void, signal: AbortSignal): Promise<void> {
    let cursor = afterSeq;
    let failures = 0;
    while (!signal.aborted) {
      try {
        const opened = await openHttp({
          url: `${this.baseUrl}/api/sessions/${encodeURIComponent(sessionId)}/stream?view=engine`,
          headers: { authorization: `Bearer ${this.token}`, accept: "text/event-stream", "last-event-id": String(cursor) },
          limits: STREAM_LIMITS,
          signal,
        });
        try {
          const status = opened.response.statusCode ?? 0;
          if (status !== 200) throw errorOf(parseBody(await bodyText(opened.response, 64 * 1024)), status);
          for await (const message of readSse(opened.response)) {
            if (signal.aborted) return;
            if (message.data.length > MAX_EVENT_CHARS) throw new ScriptoriumError("unavailable", `An event of ${message.data.length} characters on ${sessionId}'s stream exceeds the ${MAX_EVENT_CHARS}-character limit.`);
            const event = parseJson(EventEnvelopeSchema, message.data, `an event on ${sessionId}'s stream`, "unavailable");
            if (event.seq <= cursor) continue;
            cursor = event.seq;
            failures = 0;
            listener(event);
          }
        } finally {
          opened.destroy(new Error("stream closed"));
        }
      } catch (error) {
        if (signal.aborted) return;
        const code = error instanceof ScriptoriumError ? error.code : null;
        // An unknown session or a wrong token will not heal by reconnecting.
        if (code === "not_found" || code === "unauthorized" || code === "bad_request") {
          console.error(`[mcp] following ${sessionId} stopped: ${(error as Error).message}`);
          return;
        }
        console.error(`[mcp] following ${sessionId} failed, reconnecting: ${error instanceof Error ? error.message : String(error)}`);
      }
      failures += 1;
      await sleep(backoffDelay(failures, RECONNECT), undefined, { signal }).catch(() => undefined);
    }
  }
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The app's `{ error: { code, message, details } }` as the ScriptoriumError it was. */
function errorOf(body: Record<string, unknown>, status: number): ScriptoriumError {
  const err = (body.error ?? body) as { code?: unknown; message?: unknown; details?: unknown };
  const code: ErrorCode = ERROR_CODES.includes(err.code as ErrorCode) ? (err.code as ErrorCode) : "internal";
  return new ScriptoriumError(code, typeof err.message === "string" ? err.message : `HTTP ${status}`, err.details);
}

function unreachable(baseUrl: string, error: unknown): Error {
  if (error instanceof HttpFailure) return new ScriptoriumError(error.kind === "aborted" ? "aborted" : "unavailable", `The app at ${baseUrl} did not answer: ${error.message}`);
  return error instanceof Error ? error : new Error(String(error));
}

/** A non-stream answer (an error) read whole, up to `maxBytes`. */
async function bodyText(stream: AsyncIterable<unknown>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > maxBytes) break;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString("utf8");
}
