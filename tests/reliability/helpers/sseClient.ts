import type { EngineEvent } from "../../../shared/events.js";

/** One open SSE subscription. */
export interface SseConnection {
  /** Stop reading (the server sees the client leave). */
  close(): void;
  /** Settles when the stream ends: `ended` (server closed), `closed` (we closed) or `failed` (socket error, e.g. the server was killed). */
  finished: Promise<"ended" | "closed" | "failed">;
}

/**
 * Subscribe to a session's events over `GET /api/sessions/{id}/stream` with `Last-Event-ID`
 * (the replay cursor), parsing frames as EventSource would. Events are handed over in order.
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
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trimStart())
            .join("\n");
          if (data) onEvent(JSON.parse(data) as EngineEvent);
        }
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
