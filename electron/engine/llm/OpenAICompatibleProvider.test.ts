import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ScriptoriumError } from "../../../shared/errors.js";
import { OpenAICompatibleProvider } from "./OpenAICompatibleProvider.js";

interface Recorded {
  headers: IncomingMessage["headers"];
  body: {
    messages: { role: string; content: string }[];
    response_format?: { json_schema: { name: string; schema: unknown; strict: boolean } };
    max_tokens: number;
  };
}

/** A real HTTP server speaking the OpenAI chat-completions protocol, with switchable behaviour. */
let mode: "text" | "length" | "json" | "reject-schema" | "error500" | "slow" = "text";
const requests: Recorded[] = [];
let server: Server;
let baseUrl: string;

function sse(res: ServerResponse, pieces: string[], finish: string, delayMs = 0): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  let i = 0;
  const next = (): void => {
    if (res.destroyed) return;
    if (i < pieces.length) {
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: pieces[i++] }, finish_reason: null }] })}\n\n`);
      setTimeout(next, delayMs);
      return;
    }
    res.write(`data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: finish }] })}\n\n`);
    res.write(`data: ${JSON.stringify({ choices: [], usage: { completion_tokens: pieces.length } })}\n\n`);
    res.end("data: [DONE]\n\n");
  };
  next();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const body = JSON.parse(raw) as Recorded["body"];
      requests.push({ headers: req.headers, body });
      if (req.url !== "/v1/chat/completions") return void res.writeHead(404).end();
      const last = body.messages[body.messages.length - 1];
      switch (mode) {
        case "text":
          return sse(res, ["Hel", "lo", " world"], "stop");
        case "length":
          return last?.role === "assistant" ? sse(res, [" and the rest."], "stop") : sse(res, ["The start"], "length");
        case "json":
          return sse(res, ['{"title": "Fjord', ' light", "score": 4}'], "stop");
        case "reject-schema":
          if (body.response_format) return void res.writeHead(400, { "content-type": "application/json" }).end('{"error":"response_format not supported"}');
          return sse(res, ['Here you go: ```json\n{"title": "Fallback", "score": 2}\n```'], "stop");
        case "error500":
          return void res.writeHead(500).end("model crashed");
        case "slow":
          return sse(res, Array.from({ length: 200 }, (_, i) => `w${i} `), "stop", 30);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
});

const Review = z.object({ title: z.string().max(40), score: z.number().int().min(1).max(5) });

describe("OpenAICompatibleProvider", () => {
  it("streams text chunks in order, with the bearer key and the system prompt", async () => {
    mode = "text";
    const llm = new OpenAICompatibleProvider({ baseUrl, model: "m", apiKey: () => "sk-test" });
    const chunks: string[] = [];
    const result = await llm.generateText({ system: "You write.", prompt: "Say hello", onTextChunk: (c) => chunks.push(c) });
    expect(chunks).toEqual(["Hel", "lo", " world"]);
    expect(result).toMatchObject({ text: "Hello world", stopReason: "eog", tokens: 3, continuations: 0 });
    expect(requests[0]?.headers.authorization).toBe("Bearer sk-test");
    expect(requests[0]?.body.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(llm.id).toBe("openai:m");
  });

  it("continues a reply cut by the token limit from the text so far", async () => {
    mode = "length";
    const llm = new OpenAICompatibleProvider({ baseUrl, model: "m" });
    const result = await llm.generateText({ prompt: "Write", maxTokens: 3 });
    expect(result).toMatchObject({ text: "The start and the rest.", stopReason: "eog", continuations: 1 });
    expect(requests[1]?.body.messages.at(-1)).toEqual({ role: "assistant", content: "The start" });
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it("asks for strict json_schema output and validates it", async () => {
    mode = "json";
    const llm = new OpenAICompatibleProvider({ baseUrl, model: "m" });
    const result = await llm.generateStructured({ prompt: "Review", schema: Review, tag: { role: "editor", step: "review" } });
    expect(result.value).toEqual({ title: "Fjord light", score: 4 });
    const format = requests[0]?.body.response_format;
    expect(format?.json_schema.name).toBe("editor.review");
    expect(format?.json_schema.strict).toBe(true);
    expect(JSON.stringify(format?.json_schema.schema)).toContain('"enum":[1,2,3,4,5]');
  });

  it("falls back to prompt + lenient parsing when the server rejects response_format", async () => {
    mode = "reject-schema";
    const llm = new OpenAICompatibleProvider({ baseUrl, model: "m" });
    const first = await llm.generateStructured({ prompt: "Review", schema: Review });
    expect(first.value).toEqual({ title: "Fallback", score: 2 });
    expect(requests.map((r) => Boolean(r.body.response_format))).toEqual([true, false]);
    await llm.generateStructured({ prompt: "Again", schema: Review });
    // Remembered: no second rejected request.
    expect(requests.map((r) => Boolean(r.body.response_format))).toEqual([true, false, false]);
  });

  it("turns HTTP 500 into unavailable naming the URL", async () => {
    mode = "error500";
    const llm = new OpenAICompatibleProvider({ baseUrl, model: "m" });
    const error = await llm.generateText({ prompt: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptoriumError);
    expect((error as ScriptoriumError).code).toBe("unavailable");
    expect((error as ScriptoriumError).message).toContain(`${baseUrl}/chat/completions`);
    expect((error as ScriptoriumError).message).toContain("500");
  });

  it("turns an unreachable port into unavailable naming the URL", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const url = `http://127.0.0.1:${port}/v1`;
    const llm = new OpenAICompatibleProvider({ baseUrl: url, model: "m", timeouts: { headersMs: 2000 } });
    await expect(llm.generateText({ prompt: "x" })).rejects.toMatchObject({ code: "unavailable", message: expect.stringContaining(url) });
    await expect(llm.generateStructured({ prompt: "x", schema: Review })).rejects.toMatchObject({ code: "unavailable" });
  });

  it("stops at the next chunk on abort and returns the partial text (the milliseconds are bench figures)", async () => {
    mode = "slow";
    const llm = new OpenAICompatibleProvider({ baseUrl, model: "m" });
    const controller = new AbortController();
    let seen = 0;
    const result = await llm.generateText({
      prompt: "x",
      signal: controller.signal,
      onTextChunk: () => {
        if (++seen === 3) controller.abort();
      },
    });
    // The slow server would stream many more chunks: none may arrive after the abort.
    expect(seen).toBe(3);
    expect(result.stopReason).toBe("abort");
    expect(result.text).toBe("w0 w1 w2 ");
  });
});
