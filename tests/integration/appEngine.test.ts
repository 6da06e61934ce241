import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FIT } from "../../shared/models.js";
import type { EngineEvent } from "../../shared/events.js";
import { SYSTEM_STREAM } from "../../shared/events.js";
import { runCli } from "../../electron/cli/runCli.js";
import { createAppEngine, type AppEngine } from "../../electron/engine/createAppEngine.js";
import { OPENAI_API_KEY_SECRET } from "../../electron/engine/llm/LlmRouter.js";
import { API_KEY_SECRET_NAMES } from "../../electron/engine/search/createApiKeysPort.js";
import { startJsonServer } from "../../electron/engine/testing/testJsonServer.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { INTRANET_KEY, intranetConfig, startIntranetMock } from "./intranetMock.js";

/**
 * The production wiring with no model loaded: models, providers, settings-driven backends.
 * Real SQLite, real files, real HTTP servers on 127.0.0.1.
 */
let dataDir: string;
let engine: AppEngine;
let tinyPath: string;

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error("expected a rejection");
};

beforeAll(async () => {
  tinyPath = await createTinyGguf();
});

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "app-engine-"));
  engine = await createAppEngine({ dataDir, eventFlushIntervalMs: 5, providerDefaults: { maxAttempts: 1 } });
});

afterEach(async () => {
  await engine.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("createAppEngine: models", () => {
  it("health answers with no model loaded", async () => {
    const health = await engine.call("health", {});
    expect(health).toMatchObject({ ok: true, model: null });
    expect(health.sqliteVersion).toMatch(/^3\.\d+\.\d+$/);
    expect(engine.app.appRoot).toBe(path.resolve("."));
  });

  it("a file imported in the welcome dialog and then given with --model is one model entry, named alike by the badge and the warning", async () => {
    await engine.call("models.import", { path: tinyPath });
    await engine.dispose();
    engine = await createAppEngine({ dataDir, eventFlushIntervalMs: 5, modelPath: tinyPath, providerDefaults: { maxAttempts: 1 } });
    const { installed, warnings } = await engine.call("models.list", {});
    expect(installed.map((m) => m.id)).toEqual([path.basename(tinyPath)]);
    const chatModel = (await engine.call("settings.get", {})).chatModel;
    expect(chatModel).toBe(path.basename(tinyPath));
    expect(warnings.find((w) => w.code === "embedding_fallback")?.model).toBe(chatModel);
  });

  it("imports the tiny GGUF, lists it and the catalog with fit badges, and selects it", async () => {
    const { model, selected } = await engine.call("models.import", { path: tinyPath });
    expect(model).toMatchObject({ id: path.basename(tinyPath), architecture: "llama", hasChatTemplate: expect.any(Boolean) });
    // The first import becomes the chat model: a newcomer's first article needs no visit to Settings.
    expect(selected).toBe("chat");
    expect((await engine.call("settings.get", {})).chatModel).toBe(model.id);
    await engine.call("models.select", { chatModel: null });
    expect(fs.existsSync(path.join(dataDir, "models", path.basename(tinyPath)))).toBe(true);

    const listed = await engine.call("models.list", {});
    expect(listed.installed.map((m) => m.id)).toEqual([path.basename(tinyPath)]);
    expect(FIT).toContain(listed.installed[0]!.fit);
    expect(listed.installed[0]!.fit).not.toBe("unknown");
    expect(listed.catalog.length).toBeGreaterThan(0);
    for (const entry of listed.catalog) {
      expect(FIT).toContain(entry.fit);
      expect(entry.installed).toBe(false);
    }
    expect(listed.loaded).toBeNull();
    expect(listed.warnings.map((w) => w.code)).toEqual(["no_models"]);
    expect(listed.warnings[0]!.message).toMatch(/No embedding model and no chat model/);

    const { settings } = await engine.call("models.select", { chatModel: model.id });
    expect(settings.chatModel).toBe(model.id);
    expect((await engine.call("settings.get", {})).chatModel).toBe(model.id);
    // Chat model but no embedding model: the fallback is surfaced, naming the model.
    expect((await engine.call("models.list", {})).warnings.map((w) => w.message).join(" ")).toContain(`the chat model ${model.id} also embeds`);
  });

  it("refuses a bad file on import (model_invalid naming it) and an unknown one on select (model_missing)", async () => {
    const bad = path.join(dataDir, "not-a-model.gguf");
    fs.writeFileSync(bad, "this is plain text, not GGUF");
    const importError = await rejection(engine.call("models.import", { path: bad }));
    expect(importError.code).toBe("model_invalid");
    expect(importError.message).toContain("not-a-model.gguf");
    expect(fs.existsSync(path.join(dataDir, "models", "not-a-model.gguf"))).toBe(false);

    const selectError = await rejection(engine.call("models.select", { embeddingModel: "nowhere.gguf" }));
    expect(selectError.code).toBe("model_missing");
    expect(selectError.message).toContain("nowhere.gguf");
    expect((await engine.call("settings.get", {})).embeddingModel).toBeNull();
  });

  it("downloads from a 127.0.0.1 URL with progress events on the system stream", async () => {
    const bytes = fs.readFileSync(tinyPath);
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": bytes.length }).end(bytes);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/files/downloaded-tiny.gguf`;
      const { downloadId } = await engine.call("models.download", { url });
      const status = await engine.app.models.downloads.settled(downloadId);
      expect(status.state).toBe("done");
      expect(fs.statSync(path.join(dataDir, "models", "downloaded-tiny.gguf")).size).toBe(bytes.length);
      const events = await waitForSystem(engine, (e) => e.type === "progress" && e.task === downloadId && /done/.test(e.message ?? ""));
      const progress = events.filter((e): e is Extract<EngineEvent, { type: "progress" }> => e.type === "progress" && e.task === downloadId);
      expect(progress.at(-1)).toMatchObject({ done: bytes.length, message: "downloaded-tiny.gguf: done" });
      // Like a first import, a first download is the model the newcomer means to use, chosen before its bar ends.
      expect((await engine.call("settings.get", {})).chatModel).toBe("downloaded-tiny.gguf");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("ends a failed download with an error event naming its task, which the page translates", async () => {
    const server = http.createServer((_req, res) => res.writeHead(404).end("no such file"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/files/missing.gguf`;
      const { downloadId } = await engine.call("models.download", { url });
      expect((await engine.app.models.downloads.settled(downloadId)).state).toBe("error");
      const events = await waitForSystem(engine, (e) => e.type === "error" && (e.error.details as { task?: string } | undefined)?.task === downloadId);
      const failure = events.find((e): e is Extract<EngineEvent, { type: "error" }> => e.type === "error");
      expect(failure?.error.code).toMatch(/^(unavailable|not_found|internal|bad_request)$/);
      expect((await engine.call("settings.get", {})).chatModel).toBeNull();
      // Closing the failed download ends it for good: an `aborted` error, so no tray keeps a bar for it.
      await engine.call("models.cancelDownload", { downloadId });
      const after = await waitForSystem(engine, (e) => e.type === "error" && e.error.code === "aborted" && (e.error.details as { task?: string } | undefined)?.task === downloadId);
      expect(after.some((e) => e.type === "error" && e.error.code === "aborted")).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("createAppEngine: search providers", () => {
  const mock = { server: null as Awaited<ReturnType<typeof startIntranetMock>> | null };
  beforeAll(async () => {
    mock.server = await startIntranetMock();
  });
  afterAll(async () => {
    await mock.server?.close();
  });

  it("saves a provider with its key apart, tests it for real, and never returns the key", async () => {
    const config = intranetConfig(mock.server!.url);
    const { provider } = await engine.call("providers.save", { config, apiKey: INTRANET_KEY });
    expect(provider).toMatchObject({ name: "内网新闻", hasKey: true });

    const { providers } = await engine.call("providers.list", {});
    expect(providers).toHaveLength(1);
    expect(JSON.stringify(providers)).not.toContain(INTRANET_KEY);
    expect(fs.readFileSync(path.join(dataDir, "providers.json"), "utf8")).not.toContain(INTRANET_KEY);
    expect(fs.statSync(path.join(dataDir, "secrets.json")).mode & 0o777).toBe(0o600);

    const tested = await engine.call("providers.test", { name: "内网新闻", query: "本地模型" });
    expect(tested).toMatchObject({ ok: true, error: null, dropped: 0 });
    expect(tested.materials.map((m) => m.title)).toEqual(["内网报道：本地模型 第1篇", "内网报道：本地模型 第2篇"]);
    expect(tested.materials[0]).toMatchObject({ source: "集团内网新闻", source_type: "intranet", published_at: "2024-03-01" });
    expect(JSON.stringify(tested)).not.toContain(INTRANET_KEY);

    // A draft config from the form reuses the stored key of the same name; a wrong URL fails softly.
    const draft = await engine.call("providers.test", { config: { ...config, baseUrl: `${mock.server!.url}?draft=1` } });
    expect(draft.ok).toBe(true);
    const down = await engine.call("providers.test", { config: { ...config, name: "无密钥" } });
    expect(down).toMatchObject({ ok: false, materials: [] });
    expect(down.error).toMatch(/401/);

    await engine.call("providers.delete", { name: "内网新闻" });
    expect((await engine.call("providers.list", {})).providers).toEqual([]);
    expect(await engine.app.secrets.get("provider:内网新闻")).toBeNull();
  });
});

describe("createAppEngine: LLM backend from settings", () => {
  it("switches to an OpenAI-compatible server with the key from the secret store, and back", async () => {
    const seen: Array<{ auth: string | undefined; model: unknown }> = [];
    const server = await startJsonServer((req, res) => {
      seen.push({ auth: req.headers.authorization, model: (JSON.parse(req.body) as { model?: unknown }).model });
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "本地" }, finish_reason: null }] })}\n\n`);
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "服务" }, finish_reason: "stop" }] })}\n\n`);
      res.end("data: [DONE]\n\n");
    });
    try {
      await engine.app.secrets.set(OPENAI_API_KEY_SECRET, "sk-local-test");
      const baseUrl = server.url.replace(/\/search$/, "/v1");
      await engine.call("settings.update", { backend: "openai", openai: { baseUrl, model: "writer-7b", hasKey: true } });
      const result = await engine.app.llm!.generateText({ prompt: "你好", maxTokens: 16 });
      expect(result.text).toBe("本地服务");
      expect(seen).toEqual([{ auth: "Bearer sk-local-test", model: "writer-7b" }]);
      expect((await engine.call("health", {})).model).toMatchObject({ backend: "openai", model: "writer-7b" });

      await engine.call("settings.update", { backend: "llamacpp" });
      expect((await engine.call("health", {})).model).toBeNull();
      const missing = await rejection(engine.app.llm!.generateText({ prompt: "你好" }));
      expect(missing.code).toBe("model_missing");
    } finally {
      await server.close();
    }
  });
});

describe("createAppEngine: settings.setApiKey", () => {
  it("saves the key through the contract into the secret store, sends it as Bearer, and clears it", async () => {
    const key = "sk-from-the-ui-93b1d";
    const seen: Array<string | undefined> = [];
    const server = await startJsonServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "好" }, finish_reason: "stop" }] })}\n\n`);
      res.end("data: [DONE]\n\n");
    });
    try {
      // The port writes the very name the OpenAI client reads.
      expect(API_KEY_SECRET_NAMES.openai).toBe(OPENAI_API_KEY_SECRET);
      const baseUrl = server.url.replace(/\/search$/, "/v1");
      await engine.call("settings.update", { backend: "openai", openai: { baseUrl, model: "writer-7b", hasKey: false } });

      const saved = await engine.call("settings.setApiKey", { backend: "openai", apiKey: key });
      expect(saved.settings.openai).toEqual({ baseUrl, model: "writer-7b", hasKey: true });
      expect(await engine.app.secrets.get(OPENAI_API_KEY_SECRET)).toBe(key);
      expect(fs.statSync(path.join(dataDir, "secrets.json")).mode & 0o077).toBe(0);
      await engine.app.llm!.generateText({ prompt: "你好", maxTokens: 8 });
      expect(seen).toEqual([`Bearer ${key}`]);

      // No answer and no file but the secret store carries the key.
      const outputs = [saved, await engine.call("settings.get", {}), await engine.call("health", {}), await engine.call("models.list", {})];
      for (const output of outputs) expect(JSON.stringify(output)).not.toContain(key);
      for (const name of fs.readdirSync(dataDir).filter((n) => n !== "secrets.json")) {
        const file = path.join(dataDir, name);
        if (fs.statSync(file).isFile()) expect(fs.readFileSync(file).includes(Buffer.from(key)), name).toBe(false);
      }

      const bad = await rejection(engine.call("settings.setApiKey", { backend: "openai", apiKey: "" }));
      expect(bad.code).toBe("bad_request");
      expect(await engine.app.secrets.get(OPENAI_API_KEY_SECRET)).toBe(key);

      const cleared = await engine.call("settings.setApiKey", { backend: "openai", apiKey: null });
      expect(cleared.settings.openai.hasKey).toBe(false);
      expect(await engine.app.secrets.get(OPENAI_API_KEY_SECRET)).toBeNull();
      await engine.app.llm!.generateText({ prompt: "你好", maxTokens: 8 });
      expect(seen[1]).toBeUndefined();
      expect(seen).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});

describe("CLI: settings set-key / clear-key", () => {
  it("stores the key in <dataDir>/secrets.json, never prints it, and clears it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-engine-cli-"));
    const cli = async (argv: string[]) => {
      let stdout = "";
      let stderr = "";
      const code = await runCli(
        argv,
        { stdout: { write: (c: string | Uint8Array) => (stdout += c.toString()) }, stderr: { write: (c: string | Uint8Array) => (stderr += c.toString()) } },
        async () => createAppEngine({ dataDir: dir, eventFlushIntervalMs: 5 }),
      );
      return { code, stdout, stderr };
    };
    try {
      const key = "sk-cli-77d0e";
      const set = await cli(["settings", "set-key", "openai", key]);
      expect(set).toMatchObject({ code: 0, stderr: "" });
      expect(set.stdout).toContain("openai.hasKey: true");
      expect(set.stdout).not.toContain(key);
      expect(JSON.parse(fs.readFileSync(path.join(dir, "secrets.json"), "utf8"))).toEqual({ [OPENAI_API_KEY_SECRET]: key });
      const shown = await cli(["settings", "get"]);
      expect(JSON.parse(shown.stdout).openai.hasKey).toBe(true);
      expect(shown.stdout).not.toContain(key);

      expect((await cli(["settings", "set-key", "ollama", key])).code).toBe(2);
      expect((await cli(["settings", "set-key", "openai"])).code).toBe(2);

      const cleared = await cli(["settings", "clear-key", "openai"]);
      expect(cleared).toMatchObject({ code: 0, stderr: "" });
      expect(cleared.stdout).toContain("openai.hasKey: false");
      expect(JSON.parse(fs.readFileSync(path.join(dir, "secrets.json"), "utf8"))).toEqual({});
      expect(JSON.parse((await cli(["settings", "get"])).stdout).openai.hasKey).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

function waitForSystem(app: AppEngine, predicate: (event: EngineEvent) => boolean): Promise<EngineEvent[]> {
  return new Promise((resolve) => {
    const seen: EngineEvent[] = [];
    let done = false;
    const stop = app.subscribe(SYSTEM_STREAM, 0, (event) => {
      if (done) return;
      seen.push(event);
      if (predicate(event)) {
        done = true;
        queueMicrotask(() => stop());
        resolve(seen);
      }
    });
  });
}
