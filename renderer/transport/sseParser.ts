import { createParser } from "eventsource-parser";

/** One dispatched Server-Sent Event. */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/**
 * An incremental parser of the `text/event-stream` format (WHATWG HTML §9.2) over
 * eventsource-parser — the same library the engine's SSE reader (electron/engine/io/sseReader.ts)
 * uses. Feed it decoded text in chunks of any size; it calls `onMessage` per complete event and
 * `onRetry` for `retry:` lines. Comments (`: keep-alive`) are ignored. `id` is the last event id
 * seen so far, as EventSource keeps it.
 */
export function createSseParser(onMessage: (message: SseMessage) => void, onRetry: (ms: number) => void = () => undefined): (chunk: string) => void {
  let lastId: string | null = null;
  const parser = createParser({
    onEvent: (event) => {
      if (event.id !== undefined) lastId = event.id;
      onMessage({ id: lastId, event: event.event ?? "message", data: event.data });
    },
    onId: (id) => {
      lastId = id;
    },
    onRetry,
  });
  return (chunk) => parser.feed(chunk);
}
