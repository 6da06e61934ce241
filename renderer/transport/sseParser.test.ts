import { describe, expect, it } from "vitest";
import { createSseParser } from "./sseParser.js";
import type { SseMessage } from "./sseParser.js";

function parseAll(chunks: string[]) {
  const messages: SseMessage[] = [];
  const retries: number[] = [];
  const feed = createSseParser((m) => messages.push(m), (ms) => retries.push(ms));
  for (const chunk of chunks) feed(chunk);
  return { messages, retries };
}

describe("createSseParser", () => {
  const stream = "retry: 2000\n\n: keep-alive\n\nid: 1\nevent: token\ndata: {\"a\":1}\n\nid: 2\nevent: done\ndata: line1\ndata: line2\n\n";

  it("parses ids, event names, multi-line data, retry, and skips comments", () => {
    const { messages, retries } = parseAll([stream]);
    expect(messages).toEqual([
      { id: "1", event: "token", data: '{"a":1}' },
      { id: "2", event: "done", data: "line1\nline2" },
    ]);
    expect(retries).toEqual([2000]);
  });

  it("gives the same result whatever the chunking, CRLF included", () => {
    const expected = parseAll([stream]).messages;
    for (let size = 1; size < 12; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.slice(i, i + size));
      expect(parseAll(chunks).messages, `chunk size ${size}`).toEqual(expected);
    }
    const crlf = stream.replace(/\n/g, "\r\n");
    for (let size = 1; size < 8; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < crlf.length; i += size) chunks.push(crlf.slice(i, i + size));
      expect(parseAll(chunks).messages, `CRLF chunk size ${size}`).toEqual(expected);
    }
  });

  it("does not dispatch an event before its blank line", () => {
    expect(parseAll(["id: 3\ndata: x\n"]).messages).toEqual([]);
  });
});
