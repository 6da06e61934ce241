import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppEngine, type AppEngine } from "../../electron/engine/createAppEngine.js";
import { isTerminal, tempDataDir, waitForEvent } from "../../electron/engine/testing/engineTestKit.js";
import { json, startJsonServer, type TestJsonServer } from "../../electron/engine/testing/testJsonServer.js";
import { createServer, type ScriptoriumServer } from "../../electron/server/createServer.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { HttpApi } from "./helpers/httpApi.js";

/**
 * No secret leaves the secret store: after chat, docgen and paper runs that used an OpenAI-compatible key, a search
 * provider key and the server's access token — against servers that misbehave by echoing the
 * Authorization header back in their error bodies — none of them appears in any log line, event,
 * API answer or error message, nor in any file of the data folder except the secret store itself.
 */
const OPENAI_KEY = "sk-openai-LEAKCHECK-7f3a9c21e5";
const PROVIDER_KEY = "pk-provider-LEAKCHECK-41b8d0aa";
const TOKEN = "tok-server-LEAKCHECK-0c9e7d55aa";
const SECRETS = [OPENAI_KEY, PROVIDER_KEY, TOKEN];

let dataDir: string;
let engine: AppEngine;
let server: ScriptoriumServer;
let http: HttpApi;
let model: TestJsonServer;
let search: TestJsonServer;
const logged: string[] = [];
const answers: string[] = [];
const restore: Array<() => void> = [];

/** Every console line and every byte written to stdout/stderr while the test runs. */
function captureLogs(): void {
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      original.apply(console, args);
    };
    restore.push(() => (console[level] = original));
  }
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logged.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    restore.push(() => (stream.write = original as typeof stream.write));
  }
}

/** An error body that reflects the request's Authorization header, as a careless server does. */
const echoAuth = (headers: Record<string, unknown>) => ({ error: `unauthorized: you sent ${String(headers.authorization)}` });

beforeAll(async () => {
  captureLogs();
  dataDir = tempDataDir("scriptorium-secrets-");
  let modelCalls = 0;
  model = await startJsonServer((req, res) => {
    modelCalls++;
    // First call: a 401 that echoes the key; then a real streamed completion.
    if (modelCalls === 1) return json(res, echoAuth(req.headers), 401);
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "Hello there." } }] })}\n\n`);
    res.end(`data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`);
  });
  search = await startJsonServer((req, res) => json(res, echoAuth(req.headers), 500));
  // The hash embedder stands in for an embedding model (none is installed here), so a paper can be imported.
  engine = await createAppEngine({ dataDir, knowledgeOptions: { loadEmbedder: async () => new HashEmbedder(32) } });
  server = await createServer({ api: engine, token: TOKEN });
  http = new HttpApi(server.url, TOKEN);
});

afterAll(async () => {
  for (const step of restore.splice(0)) step();
  await server?.close();
  await engine?.dispose();
  await model?.close();
  await search?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Call over HTTP and keep the raw answer text (success or error) for the scan. */
async function call(method: string, input: unknown): Promise<unknown> {
  const answer = await http.request("POST", `/api/rpc/${method}`, input);
  answers.push(answer.text);
  return answer.body;
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe("secrets never leak", () => {
  it("after runs that used every kind of key, no log, event, answer, error or data file holds one", async () => {
    const openaiBase = model.url.replace(/\/search$/, "/v1");
    await call("settings.setApiKey", { backend: "openai", apiKey: OPENAI_KEY });
    await call("settings.update", { backend: "openai", openai: { baseUrl: openaiBase, model: "m", hasKey: true } });

    // A chat whose first call meets the echoing 401: the session ends in a typed error.
    const failed = (await call("run.start", { workflow: "chat", input: { prompt: "hi" } })) as { sessionId: string };
    const failedEvents = await waitForEvent(engine, failed.sessionId, isTerminal);
    expect(failedEvents.at(-1)?.type).toBe("error");
    // The model server did receive the key: the test is real.
    expect(model.requests[0]?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    // A second chat succeeds with the same key.
    const ok = (await call("run.start", { workflow: "chat", input: { prompt: "hi again" } })) as { sessionId: string };
    expect((await waitForEvent(engine, ok.sessionId, isTerminal)).at(-1)?.type).toBe("done");

    // A docgen run and a paper import + question on the same keyed backend (the stub answers prose, not JSON:
    // whatever the outcome, its events, errors and files are scanned below).
    const modelCallsBefore = model.requests.length;
    const docgen = (await call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "密钥检查", context: "一个命令行工具：读取参数，打印结果。" } })) as { sessionId: string };
    await waitForEvent(engine, docgen.sessionId, isTerminal);
    const paperFile = path.join(dataDir, "paper.md");
    fs.writeFileSync(paperFile, "# Leak Check Paper\n\n## Abstract\n\nWe study whether keys leak into logs. The method scans every file.\n");
    const imported = (await call("paper.import", { paths: [paperFile] })) as { papers?: Array<{ doc_id: string }> };
    expect(imported.papers).toHaveLength(1);
    const paper = (await call("run.start", { workflow: "paper", input: { doc_id: imported.papers![0]!.doc_id, user_query: "What is studied?", single_question: true } })) as { sessionId: string };
    await waitForEvent(engine, paper.sessionId, isTerminal);
    const workflowSessions = [docgen.sessionId, paper.sessionId];
    // The new workflows did call the keyed backend.
    expect(model.requests.length).toBeGreaterThan(modelCallsBefore);
    expect(model.requests.at(-1)?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);

    // A search provider with a key, whose endpoint fails echoing the header.
    await call("providers.save", { config: { name: "intranet", baseUrl: search.url }, apiKey: PROVIDER_KEY });
    const tested = (await call("providers.test", { name: "intranet", query: "q" })) as { ok: boolean; error: string | null };
    expect(tested.ok).toBe(false);
    expect(search.requests[0]?.headers.authorization).toBe(`Bearer ${PROVIDER_KEY}`);
    await call("knowledge.search", { query: "q" });
    await call("providers.list", {});
    await call("settings.get", {});
    await call("health", {});
    // A wrong token is refused without echoing what was sent or the real one.
    answers.push((await new HttpApi(server.url, `${TOKEN}-wrong`).request("GET", "/api/health")).text);

    const events: string[] = [];
    for (const sessionId of [failed.sessionId, ok.sessionId, ...workflowSessions, "__system__"]) {
      const listed = (await call("events.list", { sessionId, afterSeq: 0 })) as { events?: unknown[] };
      events.push(JSON.stringify(listed.events ?? []));
    }
    await engine.app.knowledge.idle();
    const dataFiles = filesUnder(dataDir).filter((file) => path.basename(file) !== "secrets.json");
    expect(dataFiles.some((file) => file.endsWith("app.db"))).toBe(true);

    const places: Array<[string, string]> = [
      ...logged.map((line, i): [string, string] => [`log line ${i}`, line]),
      ...answers.map((text, i): [string, string] => [`API answer ${i}`, text]),
      ...events.map((text, i): [string, string] => [`event log ${i}`, text]),
      ...dataFiles.map((file): [string, string] => [path.relative(dataDir, file), fs.readFileSync(file).toString("latin1")]),
    ];
    const leaks = places.flatMap(([where, text]) => SECRETS.filter((secret) => text.includes(secret)).map((secret) => `${secret.slice(0, 12)}… in ${where}`));
    expect(leaks).toEqual([]);
    // The scan looked at something: errors were reported, with their reasons.
    expect(answers.join("\n")).toContain("401");
    expect(tested.error).toMatch(/HTTP 500/);
  }, 120_000);
});
