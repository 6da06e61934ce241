import type { IncomingMessage, ServerResponse } from "node:http";
import type { ScriptoriumApi } from "../../shared/api.js";
import { ScriptoriumError } from "../../shared/errors.js";
import { SYSTEM_STREAM, briefView } from "../../shared/events.js";
import type { EngineEvent } from "../../shared/events.js";
import { sendError } from "./httpResponses.js";

/** Default interval between SSE keep-alive comments, in milliseconds. */
export const SSE_KEEP_ALIVE_MS = 15_000;

/**
 * The replay cursor of a (re)connecting client: the `Last-Event-ID` header that EventSource sends
 * on reconnect, else `?lastEventId=`, else 0 (everything). Anything not a non-negative integer
 * is a bad request rather than a silent full replay.
 */
export function lastEventIdOf(req: IncomingMessage, url: URL): number {
  const raw = req.headers["last-event-id"] ?? url.searchParams.get("lastEventId") ?? "0";
  const text = Array.isArray(raw) ? (raw[0] ?? "0") : raw;
  if (!/^\d{1,15}$/.test(text.trim())) {
    throw new ScriptoriumError("bad_request", `Last-Event-ID must be a non-negative integer, got "${text}".`);
  }
  return Number(text.trim());
}

/**
 * How an event reads in a stream's `data:`. The default is `briefView` (the event with the brief's
 * field names added), for browsers and scripts; `?view=engine` is the engine's event exactly, for
 * clients that hand it on as an EngineEvent (the MCP forwarder); a workflow's own routes may use
 * its contract's `wire.event`.
 */
export type EventView = (event: { type: string; sessionId: string } & Record<string, unknown>) => Record<string, unknown>;

/** The engine's event as is (`?view=engine`). */
const engineView: EventView = (event) => event;

/** The view a request asks for; anything but `brief`, `engine` or nothing is a bad request. */
export function sseViewOf(url: URL): EventView {
  const view = url.searchParams.get("view") ?? "brief";
  if (view === "brief") return briefView;
  if (view === "engine") return engineView;
  throw new ScriptoriumError("bad_request", `view must be "brief" or "engine", got "${view}".`);
}

/** Format one event as an SSE frame; JSON.stringify never emits raw newlines, so one `data:` line suffices. */
export function formatSseEvent(event: EngineEvent, view: EventView = briefView): string {
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(view(event as unknown as Parameters<EventView>[0]))}\n\n`;
}

/**
 * Serve a session's events as Server-Sent Events: the persisted ones after `afterSeq`, then live
 * ones, until the client goes away. An unknown session is a 404 before any stream starts.
 */
export async function streamSessionEvents(
  req: IncomingMessage,
  res: ServerResponse,
  api: ScriptoriumApi,
  sessionId: string,
  afterSeq: number,
  keepAliveMs = SSE_KEEP_ALIVE_MS,
  view: EventView = briefView,
): Promise<void> {
  if (sessionId !== SYSTEM_STREAM) {
    try {
      await api.call("run.state", { sessionId });
    } catch (error) {
      sendError(res, error);
      return;
    }
  }
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "keep-alive",
    // Reverse proxies (nginx) would otherwise buffer the stream.
    "X-Accel-Buffering": "no",
    "X-Content-Type-Options": "nosniff",
  });
  res.write(`retry: 2000\n\n`);
  res.socket?.setNoDelay(true);

  // The engine promises no gaps and no duplicates; the cursor makes a duplicate harmless anyway.
  let lastSent = afterSeq;
  let closed = false;
  const listener = (event: EngineEvent): void => {
    if (closed || event.seq <= lastSent) return;
    lastSent = event.seq;
    res.write(formatSseEvent(event, view));
  };
  let unsubscribe: (() => void) | null = null;
  const keepAlive = setInterval(() => res.write(`: keep-alive\n\n`), keepAliveMs);
  const cleanup = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    unsubscribe?.();
    unsubscribe = null;
  };
  req.on("close", cleanup);
  res.on("close", cleanup);
  res.on("error", cleanup);
  try {
    unsubscribe = api.subscribe(sessionId, afterSeq, listener);
  } catch (error) {
    cleanup();
    res.end(`event: error\ndata: ${JSON.stringify({ error: (error as Error).message })}\n\n`);
    return;
  }
  // The client may have left while subscribe replayed synchronously.
  if (closed) {
    unsubscribe();
    unsubscribe = null;
  }
}
