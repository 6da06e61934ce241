import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SettingsSchema, type Settings } from "../../shared/models.js";
import type { EngineContext } from "../../electron/engine/EngineServices.js";
import type { LlmClient } from "../../electron/engine/llm/LlmClient.js";
import { createKnowledgePort } from "../../electron/engine/knowledge/createKnowledgePort.js";
import { EmbeddingService } from "../../electron/engine/knowledge/EmbeddingService.js";
import { listRemoteModels } from "../../electron/engine/llm/listRemoteModels.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";

/**
 * A team's gateway in miniature: a loopback OpenAI-compatible server whose `/v1/embeddings`
 * really embeds with llama.cpp (two tiny GGUFs served as two model names) behind an API key.
 * The library is built through `embeddingBackend: "openai"`; switching the model name makes the
 * index refuse queries until a re-index.
 */
const KEY = "team-gateway-key";
let root: string;
let server: http.Server;
let baseUrl: string;
const embedders = new Map<string, EmbeddingService>();
const received: Array<{ path: string; model?: string; inputs: number; authorization?: string }> = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "kremote-"));
  embedders.set("tiny-embed", await EmbeddingService.load({ modelPath: await createTinyGguf(), contexts: 1, contextSize: 256, threads: 1 }));
  embedders.set("tiny-embed-b", await EmbeddingService.load({ modelPath: await createTinyGguf({ seed: 2 }), contexts: 1, contextSize: 256, threads: 1 }));
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const authorization = req.headers.authorization;
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(body));
        };
        if (authorization !== `Bearer ${KEY}`) return send(401, { error: { message: "bad key" } });
        if (req.method === "GET" && req.url === "/v1/models") {
          received.push({ path: req.url, inputs: 0, authorization });
          return send(200, { object: "list", data: [...embedders.keys()].map((id) => ({ id, object: "model" })) });
        }
        if (req.method === "POST" && req.url === "/v1/embeddings") {
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { model: string; input: string[] | string };
          const inputs = Array.isArray(body.input) ? body.input : [body.input];
          received.push({ path: req.url, model: body.model, inputs: inputs.length, authorization });
          const embedder = embedders.get(body.model);
          if (!embedder) return send(404, { error: { message: `model ${body.model} not found` } });
          const vectors = await embedder.embed(inputs);
          return send(200, { object: "list", model: body.model, data: vectors.map((v, index) => ({ object: "embedding", index, embedding: Array.from(v) })) });
        }
        send(404, { error: { message: "not found" } });
      })().catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  for (const embedder of embedders.values()) await embedder.dispose();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("remote embeddings through an OpenAI-compatible endpoint", () => {
  it("lists the endpoint's models for the pickers (with the key)", async () => {
    expect(await listRemoteModels({ baseUrl, apiKey: KEY })).toEqual(["tiny-embed", "tiny-embed-b"]);
    await expect(listRemoteModels({ baseUrl, apiKey: "wrong" })).rejects.toMatchObject({ code: "unavailable", message: expect.stringMatching(/401/) as unknown as string });
  });

  it("builds the library with the endpoint's model, and refuses queries embedded by another until re-indexed", async () => {
    const db = new Database(path.join(root, "app.db"));
    let settings: Settings = SettingsSchema.parse({
      embeddingBackend: "openai",
      openaiEmbeddingModel: "tiny-embed",
      openai: { baseUrl, model: "chat-model", hasKey: true },
    });
    const context: EngineContext = {
      dataDir: { root, models: path.join(root, "models"), cache: path.join(root, "cache"), lancedb: path.join(root, "lancedb") },
      db,
      settings: () => settings,
      updateSettings: (patch) => (settings = { ...settings, ...patch }),
      emit: () => undefined,
      llm: {} as LlmClient,
      modelPath: null,
      reportRepair: () => undefined,
    };
    const port = createKnowledgePort(context, { openaiApiKey: async () => KEY });
    try {
      const lib = path.join(root, "lib");
      fs.mkdirSync(lib);
      fs.writeFileSync(path.join(lib, "tea.md"), "## 茶\n乌龙茶产自福建。\n\n## 咖啡\n咖啡豆需要烘焙。\n");
      await port.ingest({ paths: [lib], collection: "library" });
      await port.idle();
      expect(port.service().sources("library")).toHaveLength(1);
      const { materials } = await port.search({ query: "乌龙茶产自福建。", limit: 2, collection: "library" });
      expect(materials[0]!.content).toContain("乌龙茶");
      expect((await port.service().embedder()).modelId).toBe("openai:tiny-embed");
      const embedCalls = received.filter((r) => r.path === "/v1/embeddings");
      expect(embedCalls.length).toBeGreaterThan(0);
      expect(embedCalls.every((r) => r.model === "tiny-embed" && r.authorization === `Bearer ${KEY}`)).toBe(true);

      // A colleague's other model: the index built with tiny-embed refuses its query vectors.
      settings = { ...settings, openaiEmbeddingModel: "tiny-embed-b" };
      await expect(port.search({ query: "乌龙茶", limit: 2, collection: "library" })).rejects.toMatchObject({
        code: "conflict",
        message: expect.stringMatching(/openai:tiny-embed\/64 → openai:tiny-embed-b\/64.*Re-index/) as unknown as string,
      });
      // Re-index with the new model; then it answers.
      await port.reindex({ collection: "library" });
      await port.idle();
      const after = await port.search({ query: "乌龙茶产自福建。", limit: 2, collection: "library" });
      expect(after.materials[0]!.content).toContain("乌龙茶");
      expect(received.some((r) => r.model === "tiny-embed-b")).toBe(true);
    } finally {
      await port.dispose();
      db.close();
    }
  }, 120_000);
});
