import { createParser, type EventSourceMessage } from "eventsource-parser";

/**
 * The one SSE reader of the engine side (eventsource-parser, as the renderer's transport):
 * the `text/event-stream` events of a response body, in order, for the OpenAI-compatible provider
 * and the tests' SSE clients. `onChunk` runs per received chunk (progress, keep-alive accounting).
 */
export async function* readSse(body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>, onChunk?: () => void): AsyncGenerator<EventSourceMessage> {
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => queue.push(event) });
  const decoder = new TextDecoder();
  for await (const bytes of body as AsyncIterable<Uint8Array>) {
    onChunk?.();
    parser.feed(decoder.decode(bytes, { stream: true }));
    while (queue.length > 0) yield queue.shift()!;
  }
  parser.feed(decoder.decode());
  while (queue.length > 0) yield queue.shift()!;
}
