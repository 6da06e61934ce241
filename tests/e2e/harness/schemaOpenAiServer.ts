import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
};

/** A small valid instance of a JSON schema (what a model constrained by that grammar could answer). */
export function sampleFromSchema(schema: JsonSchema, path = ""): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sampleFromSchema(alt.find((s) => s.type !== "null") ?? alt[0]!, path);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sampleFromSchema(value, `${path}.${key}`);
      return out;
    }
    case "array": {
      const n = Math.min(Math.max(schema.minItems ?? 1, 1), schema.maxItems ?? 3, 3);
      return Array.from({ length: n }, (_, i) => sampleFromSchema(schema.items ?? { type: "string" }, `${path}[${i}]`));
    }
    case "string": {
      if (schema.format === "date") return "2024-01-15";
      let text = `离线写作${path.length % 7}`;
      while (text.length < (schema.minLength ?? 0)) text += "，本地模型让资料留在内网";
      return schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
    }
    case "integer":
    case "number": {
      const value = schema.minimum ?? 1;
      return schema.maximum !== undefined ? Math.min(value, schema.maximum) : value;
    }
    case "boolean":
      return true;
    default:
      return null;
  }
}

function sse(res: ServerResponse, pieces: string[]): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const piece of pieces) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece }, finish_reason: null }] })}\n\n`);
  res.write(`data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: "stop" }] })}\n\n`);
  res.write(`data: ${JSON.stringify({ choices: [], usage: { completion_tokens: pieces.length } })}\n\n`);
  res.end("data: [DONE]\n\n");
}

/**
 * A real OpenAI-compatible chat-completions server on 127.0.0.1 for tests that run the packaged app
 * (no scripted LLM can be injected into it): structured requests get a valid instance of their
 * JSON schema, prose requests a short Chinese paragraph, both streamed as SSE.
 */
export async function startSchemaOpenAiServer(): Promise<{ baseUrl: string; requests: number; close(): Promise<void> }> {
  const state = { requests: 0 };
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      if (req.url?.endsWith("/models")) return void res.writeHead(200, { "content-type": "application/json" }).end('{"data":[{"id":"test"}]}');
      if (!req.url?.endsWith("/chat/completions")) return void res.writeHead(404).end();
      state.requests++;
      const body = JSON.parse(raw || "{}") as { response_format?: { json_schema?: { schema?: JsonSchema } } };
      const schema = body.response_format?.json_schema?.schema;
      if (schema) return sse(res, [JSON.stringify(sampleFromSchema(schema))]);
      return sse(res, ["本地模型让离线写作成为可能，", "检索增强让内容有据可查。"]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get requests() {
      return state.requests;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
