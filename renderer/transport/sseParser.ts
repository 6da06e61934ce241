/** One dispatched Server-Sent Event. */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/**
 * An incremental parser of the `text/event-stream` format (WHATWG HTML §9.2): feed it decoded text
 * in chunks of any size; it calls `onMessage` per complete event and `onRetry` for `retry:` lines.
 * Comments (`: keep-alive`) are ignored.
 */
export function createSseParser(onMessage: (message: SseMessage) => void, onRetry: (ms: number) => void = () => undefined): (chunk: string) => void {
  let buffer = "";
  let data: string[] = [];
  let event = "";
  let id: string | null = null;

  const dispatch = (): void => {
    if (data.length > 0) onMessage({ id, event: event || "message", data: data.join("\n") });
    data = [];
    event = "";
  };

  const line = (text: string): void => {
    if (text === "") return dispatch();
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id" && !value.includes("\0")) id = value;
    else if (field === "retry" && /^\d+$/.test(value)) onRetry(Number(value));
  };

  return (chunk) => {
    buffer += chunk;
    // Lines end in CRLF, LF or CR; a trailing CR may be the first half of a CRLF split across chunks.
    const parts = buffer.split(/\r\n|\n|\r(?!$)/);
    buffer = parts.pop() ?? "";
    for (const part of parts) line(part);
  };
}
