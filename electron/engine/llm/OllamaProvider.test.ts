import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { OllamaProvider } from "./OllamaProvider.js";

interface OllamaRequest {
  model: string;
  messages: { role: string; content: string }[];
  format?: unknown;
  options?: { num_ctx?: number; num_predict?: number; temperature?: number };
}

/** A real HTTP server speaking Ollama's `/api/chat` NDJSON streaming protocol. */
let mode: "text" | "length" | "json" | "error500" | "slow" = "text";
const requests: OllamaRequest[] = [];
let server: Server;
let baseUrl: string;

function ndjson(res: ServerResponse, pieces: string[], doneReason: string, delayMs = 0): void {
  res.writeHead(200, { "content-type": "application/x-ndjson" });
  let i = 0;
  const next = (): void => {
    if (res.destroyed) return;
    if (i < pieces.length) {
      res.write(`${JSON.stringify({ model: "m", message: { role: "assistant", content: pieces[i++] }, done: false })}\n`);
      setTimeout(next, delayMs);
      return;
    }
    res.end(`${JSON.stringify({ model: "m", message: { role: "assistant", content: "" }, done: true, done_reason: doneReason, eval_count: pieces.length, prompt_eval_count: 7 })}\n`);
  };
  next();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      if (req.url !== "/api/chat") return void res.writeHead(404).end();
      const body = JSON.parse(raw) as OllamaRequest;
      requests.push(body);
      const last = body.messages[body.messages.length - 1];
      switch (mode) {
        case "text":
          return ndjson(res, ["Guten", " Tag"], "stop");
        case "length":
          return last?.role === "assistant" ? ndjson(res, [" ends here."], "stop") : ndjson(res, ["It begins"], "length");
        case "json":
          return ndjson(res, ['{"keywords": ["fjord", ', '"light"]}'], "stop");
        case "error500":
          return void res.writeHead(500, { "content-type": "application/json" }).end('{"error":"model runner crashed"}');
        case "slow":
          return ndjson(res, Array.from({ length: 200 }, (_, i) => `t${i} `), "stop", 30);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
});

const Keywords = z.object({ keywords: z.array(z.string().max(20)).max(5) });

describe("OllamaProvider", () => {
  it("always sends numCtx and streams text in order", async () => {
    mode = "text";
    const llm = new OllamaProvider({ baseUrl, model: "qwen2.5:3b", numCtx: 8192 });
    const chunks: string[] = [];
    const result = await llm.generateText({ system: "Be brief.", prompt: "Greet", maxTokens: 50, onTextChunk: (c) => chunks.push(c) });
    expect(chunks.join("")).toBe("Guten Tag");
    expect(result).toMatchObject({ text: "Guten Tag", stopReason: "eog", tokens: 2 });
    expect(requests[0]?.options).toMatchObject({ num_ctx: 8192, num_predict: 50 });
    expect(requests[0]?.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(llm.id).toBe("ollama:qwen2.5:3b");
  });

  it("continues a reply cut by the token limit", async () => {
    mode = "length";
    const llm = new OllamaProvider({ baseUrl, model: "m", numCtx: 4096 });
    const result = await llm.generateText({ prompt: "Write" });
    expect(result).toMatchObject({ text: "It begins ends here.", stopReason: "eog", continuations: 1 });
    expect(requests[1]?.messages.at(-1)).toEqual({ role: "assistant", content: "It begins" });
  });

  it("sends the grammar-safe JSON schema as format and validates the reply", async () => {
    mode = "json";
    const llm = new OllamaProvider({ baseUrl, model: "m", numCtx: 4096 });
    const result = await llm.generateStructured({ prompt: "Keywords", schema: Keywords });
    expect(result.value).toEqual({ keywords: ["fjord", "light"] });
    expect(requests[0]?.format).toMatchObject({ type: "object", properties: { keywords: { type: "array", maxItems: 5 } } });
    expect(requests[0]?.options?.num_ctx).toBe(4096);
  });

  it("turns HTTP 500 and an unreachable port into unavailable naming the URL", async () => {
    mode = "error500";
    const llm = new OllamaProvider({ baseUrl, model: "m", numCtx: 4096 });
    await expect(llm.generateText({ prompt: "x" })).rejects.toMatchObject({ code: "unavailable", message: expect.stringContaining(baseUrl) });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const url = `http://127.0.0.1:${port}`;
    const down = new OllamaProvider({ baseUrl: url, model: "m", numCtx: 4096, timeouts: { headersMs: 2000 } });
    await expect(down.generateStructured({ prompt: "x", schema: Keywords })).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringContaining(url),
    });
  });

  it("stops at the next chunk on abort and returns the partial text (the milliseconds are bench figures)", async () => {
    mode = "slow";
    const llm = new OllamaProvider({ baseUrl, model: "m", numCtx: 4096 });
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
    expect(result.text).toBe("t0 t1 t2 ");
  });
});
