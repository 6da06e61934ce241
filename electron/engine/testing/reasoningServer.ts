import http from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { parseJson } from "../../../shared/parseJson.js";

/** What a test's reasoning server answers a request with; `body` is the parsed request. */
export type AnswerFor = (body: ReasoningRequest) => string;

/**
 * The request fields the tests look at (OpenAI chat-completions and Ollama /api/chat together);
 * other fields pass through unchecked, so `requests` holds what the client really sent.
 */
export const ReasoningRequestSchema = z.looseObject({
  model: z.string(),
  messages: z.array(z.looseObject({ role: z.string(), content: z.string() })),
  max_tokens: z.number().optional(),
  response_format: z.looseObject({ json_schema: z.looseObject({ name: z.string().optional() }).optional() }).optional(),
  chat_template_kwargs: z.looseObject({ enable_thinking: z.boolean().optional() }).optional(),
  reasoning_effort: z.string().optional(),
  /** Ollama's native switch. */
  think: z.boolean().optional(),
  format: z.unknown().optional(),
});

/** A chat request as the tests read it. */
export type ReasoningRequest = z.infer<typeof ReasoningRequestSchema>;

export interface ReasoningServerOptions {
  /** `openai`: `/v1/chat/completions` (SSE) and `/v1/models`; `ollama`: `/api/chat` (NDJSON) and `/api/tags`. */
  kind: "openai" | "ollama";
  /** Model names the server lists; a request for another is answered 404 as real servers do. */
  models: string[];
  answer: AnswerFor;
  /**
   * The thought each reply carries when thinking is allowed: in the reasoning field
   * (`reasoning_content` / `reasoning` / Ollama's `thinking`), and inline as `<think>…</think>` in
   * the content with the tags split across chunks — the inline one even when asked not to think,
   * as servers without a reasoning parser do.
   */
  thought: string;
  /** Thought pieces streamed in the field before the answer; more makes a thought that runs past a budget. */
  fieldRepeats?: number;
  /** A server that refuses unknown fields (OpenAI itself): 400 naming `chat_template_kwargs`. */
  strict?: boolean;
  /** Hold every chat reply until this many chat requests have arrived: proves they were in flight at once. */
  holdUntil?: number;
}

export interface ReasoningServer {
  /** `http://127.0.0.1:<port>/v1` for openai, `http://127.0.0.1:<port>` for ollama. */
  baseUrl: string;
  requests: ReasoningRequest[];
  close(): Promise<void>;
}

/** True when the request asked the model not to think. */
export function askedNoThinking(body: ReasoningRequest): boolean {
  return body.chat_template_kwargs?.enable_thinking === false || body.reasoning_effort === "none" || body.think === false;
}

/** The answer cut into three pieces and the inline thought with its tags cut mid-tag. */
function contentPieces(answer: string, thought: string): string[] {
  const third = Math.max(1, Math.ceil(answer.length / 3));
  const half = Math.ceil(thought.length / 2);
  return ["<thi", `nk>${thought.slice(0, half)}`, `${thought.slice(half)}</th`, "ink>\n\n", answer.slice(0, third), answer.slice(third, 2 * third), answer.slice(2 * third)].filter(
    (piece) => piece !== "",
  );
}

/**
 * A real HTTP server on 127.0.0.1 shaped like a reasoning model behind an OpenAI-compatible server
 * (vLLM, llama-server, a gateway) or Ollama: thoughts in the reasoning field and inline, split
 * across stream chunks. Tests assert what reaches the answer and what each request asked for.
 */
export async function startReasoningServer(options: ReasoningServerOptions): Promise<ReasoningServer> {
  const requests: ReasoningRequest[] = [];
  const held: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      if (req.method === "GET") {
        if (req.url === "/v1/models") return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: options.models.map((id) => ({ id })) }));
        if (req.url === "/api/tags") return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ models: options.models.map((name) => ({ name })) }));
        return void res.writeHead(404).end();
      }
      let body: ReasoningRequest;
      try {
        body = parseJson(ReasoningRequestSchema, raw, `a chat request to ${req.url ?? "/"}`);
      } catch (error) {
        // A request the server cannot read is answered 400, as real servers do, instead of throwing in the handler.
        return void res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: (error as Error).message }));
      }
      requests.push(body);
      const reply = () => answerChat(req, res, body);
      if (requests.length < (options.holdUntil ?? 0)) return void held.push(reply);
      for (const release of held.splice(0)) release();
      reply();
    });
  });
  const answerChat = (req: http.IncomingMessage, res: http.ServerResponse, body: ReasoningRequest): void => {
    if (!options.models.includes(body.model)) return void res.writeHead(404, { "content-type": "application/json" }).end(`{"error":"model ${body.model} not found"}`);
    if (options.strict && (body.chat_template_kwargs || body.reasoning_effort)) {
      return void res.writeHead(400, { "content-type": "application/json" }).end('{"error":"Unrecognized request argument supplied: chat_template_kwargs"}');
    }
    const thinking = !askedNoThinking(body);
    const fieldThoughts = thinking ? Array.from({ length: options.fieldRepeats ?? 1 }, () => options.thought) : [];
    const content = contentPieces(options.answer(body), options.thought);
    if (options.kind === "openai") {
      if (req.url !== "/v1/chat/completions") return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "text/event-stream" });
      const send = (delta: Record<string, string>, finish: string | null = null) =>
        res.write(`data: ${JSON.stringify({ choices: [{ delta, finish_reason: finish }] })}\n\n`);
      fieldThoughts.forEach((piece, i) => send(i % 2 === 0 ? { reasoning_content: piece } : { reasoning: piece }));
      for (const piece of content) send({ content: piece });
      send({}, "stop");
      res.write(`data: ${JSON.stringify({ choices: [], usage: { completion_tokens: content.length + fieldThoughts.length } })}\n\n`);
      return void res.end("data: [DONE]\n\n");
    }
    if (req.url !== "/api/chat") return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    const line = (message: Record<string, string>, done = false) =>
      res.write(`${JSON.stringify({ model: body.model, message: { role: "assistant", content: "", ...message }, done, ...(done ? { done_reason: "stop", eval_count: 9 } : {}) })}\n`);
    for (const piece of fieldThoughts) line({ thinking: piece });
    for (const piece of content) line({ content: piece });
    line({}, true);
    res.end();
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: options.kind === "openai" ? `http://127.0.0.1:${port}/v1` : `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
