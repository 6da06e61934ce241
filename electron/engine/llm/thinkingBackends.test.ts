import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { askedNoThinking, startReasoningServer, type AnswerFor, type ReasoningServer } from "../testing/reasoningServer.js";
import { OllamaProvider } from "./OllamaProvider.js";
import { OpenAICompatibleProvider } from "./OpenAICompatibleProvider.js";

const THOUGHT = "SECRET-THOUGHT 秘密的推理过程";
const ANSWER = "The answer is forty-two. 答案是四十二。";
const Verdict = z.object({ verdict: z.string().max(40) });
/** Prose gets the prose answer; a JSON request (schema or format) gets JSON. */
const answer: AnswerFor = (body) => (body.response_format || body.format ? '{"verdict": "yes"}' : ANSWER);

let server: ReasoningServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function providerFor(kind: "openai" | "ollama", baseUrl: string) {
  return kind === "openai" ? new OpenAICompatibleProvider({ baseUrl, model: "qwen3" }) : new OllamaProvider({ baseUrl, model: "qwen3", numCtx: 4096 });
}

describe.each(["openai", "ollama"] as const)("a reasoning model behind %s", (kind) => {
  it("keeps thoughts from the field and inline (tags split across chunks) out of the answer and its streamed tokens", async () => {
    server = await startReasoningServer({ kind, models: ["qwen3"], answer, thought: THOUGHT });
    const streamed: string[] = [];
    const thoughts: string[] = [];
    const result = await providerFor(kind, server.baseUrl).generateText({
      prompt: "What is six times seven?",
      maxTokens: 600,
      onTextChunk: (text) => streamed.push(text),
      onThoughtChunk: (text) => thoughts.push(text),
    });
    expect(result.text).toBe(ANSWER);
    expect(streamed.join("")).toBe(ANSWER);
    for (const piece of streamed) expect(piece).not.toMatch(/SECRET|秘密|think/);
    expect(result.thoughts).toContain(THOUGHT);
    expect(thoughts.join("")).toContain(THOUGHT);
    expect(result.thinking).toMatchObject({ cut: false });
    // A prose step may think: nothing asked it not to.
    expect(askedNoThinking(server.requests[0]!)).toBe(false);
  });

  it("asks a structured step not to think, and parses its JSON though the server still sends an inline thought", async () => {
    server = await startReasoningServer({ kind, models: ["qwen3"], answer, thought: THOUGHT });
    const result = await providerFor(kind, server.baseUrl).generateStructured({ prompt: "Judge it.", schema: Verdict, maxTokens: 100 });
    expect(result.value).toEqual({ verdict: "yes" });
    expect(result.raw).not.toContain("SECRET");
    const request = server.requests[0]!;
    if (kind === "openai") expect(request).toMatchObject({ chat_template_kwargs: { enable_thinking: false }, reasoning_effort: "none" });
    else expect(request.think).toBe(false);
  });

  it("asks a short text step (keywords-sized) not to think, and `off` does the same for prose", async () => {
    server = await startReasoningServer({ kind, models: ["qwen3"], answer, thought: THOUGHT });
    const provider = providerFor(kind, server.baseUrl);
    await provider.generateText({ prompt: "Three keywords.", maxTokens: 64 });
    await provider.generateText({ prompt: "A paragraph.", maxTokens: 600, thinking: "off" });
    expect(server.requests.map(askedNoThinking)).toEqual([true, true]);
  });

  it("drops a thought that runs past its budget and answers without thinking, saying it was cut", async () => {
    server = await startReasoningServer({ kind, models: ["qwen3"], answer, thought: THOUGHT, fieldRepeats: 200 });
    const result = await providerFor(kind, server.baseUrl).generateText({ prompt: "Explain.", maxTokens: 300, maxContinuations: 0 });
    expect(result.text).toBe(ANSWER);
    expect(result.thinking).toMatchObject({ cut: true, budgetTokens: 150 });
    expect(server.requests.map(askedNoThinking)).toEqual([false, true]);
  });
});

describe("OpenAI-compatible specifics", () => {
  it("asks a strict server (which refuses unknown fields) again without the no-thinking fields, and remembers", async () => {
    server = await startReasoningServer({ kind: "openai", models: ["qwen3"], answer, thought: THOUGHT, strict: true });
    const provider = providerFor("openai", server.baseUrl);
    expect((await provider.generateStructured({ prompt: "Judge.", schema: Verdict, maxTokens: 100 })).value).toEqual({ verdict: "yes" });
    expect((await provider.generateText({ prompt: "Keywords.", maxTokens: 64 })).text).toBe(ANSWER);
    expect(server.requests.map((r) => r.chat_template_kwargs !== undefined)).toEqual([true, false, false]);
  });

  it("reads text before a bare </think> as a thought (DeepSeek-R1 templates open it in the prompt)", async () => {
    const bare = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const piece of ["Hmm, the user wants", " a number.</thi", "nk>\n\n", "Forty-two."]) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
      res.end("data: [DONE]\n\n");
    });
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    const port = (bare.address() as { port: number }).port;
    try {
      const result = await new OpenAICompatibleProvider({ baseUrl: `http://127.0.0.1:${port}/v1`, model: "r1" }).generateText({ prompt: "Number?", maxTokens: 600 });
      expect(result.text).toBe("Forty-two.");
      expect(result.thoughts).toBe("Hmm, the user wants a number.");
    } finally {
      await new Promise<void>((resolve) => bare.close(() => resolve()));
    }
  });
});
