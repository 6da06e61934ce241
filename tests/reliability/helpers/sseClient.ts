import type { EngineEvent } from "../../../shared/events.js";
import { readSse } from "../../../electron/engine/io/sseReader.js";

/** One open SSE subscription. */
export interface SseConnection {
  /** Stop reading (the server sees the client leave). */
  close(): void;
  /** Settles when the stream ends: `ended` (server closed), `closed` (we closed) or `failed` (socket error, e.g. the server was killed). */
  finished: Promise<"ended" | "closed" | "failed">;
}

/**
 * Subscribe to a session's events over `GET /api/sessions/{id}/stream` with `Last-Event-ID`
 * (the replay cursor), parsing frames with the engine's one SSE reader (eventsource-parser). Events are handed over in order.
 */
export function openSse(origin: string, token: string, sessionId: string, lastEventId: number, onEvent: (event: EngineEvent) => void): SseConnection {
  const controller = new AbortController();
  let closedByUs = false;
  const finished = (async (): Promise<"ended" | "closed" | "failed"> => {
    try {
      const response = await fetch(`${origin}/api/sessions/${encodeURIComponent(sessionId)}/stream`, {
        headers: { Authorization: `Bearer ${token}`, "Last-Event-ID": String(lastEventId), Accept: "text/event-stream" },
        signal: controller.signal,
      });
      if (response.status !== 200 || !response.body) throw new Error(`SSE answered ${response.status}: ${await response.text()}`);
      for await (const { data } of readSse(response.body)) {
        if (data) onEvent(JSON.parse(data) as EngineEvent);
      }
      return "ended";
    } catch (error) {
      if (closedByUs) return "closed";
      if (error instanceof Error && /SSE answered/.test(error.message)) throw error;
      return "failed";
    }
  })();
  return {
    close() {
      closedByUs = true;
      controller.abort();
    },
    finished,
  };
}
