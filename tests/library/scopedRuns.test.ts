import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../shared/events.js";
import type { Material } from "../../shared/knowledge.js";
import { runCli } from "../../electron/cli/runCli.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { createAppEngine, type AppEngine } from "../../electron/engine/createAppEngine.js";
import { ArticleScriptLlm } from "../../electron/engine/testing/articleTestKit.js";
import { tempDataDir, waitForEvent } from "../../electron/engine/testing/engineTestKit.js";
import { createServer } from "../../electron/server/createServer.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { paperServices } from "../papers/paperServices.js";
import { importRoutingPaper } from "./routingPaper.js";

/**
 * One library for every run: a paper of the paper library is an article's material with its
 * bibliographic record, and a run scoped to collections, folders or papers never reads outside
 * them. Real SQLite, real LanceDB (library and paper index), the app's own search wiring; a
 * scripted model writes (its path is what is under test, not its prose).
 */
const base = tempDataDir("scoped-runs-");
const dataDir = path.join(base, "data");
const folderA = path.join(base, "folder-a");
const folderB = path.join(base, "folder-b");
let engine: AppEngine;
let llm: ArticleScriptLlm;
let docId: string;

beforeAll(async () => {
  llm = new ArticleScriptLlm();
  engine = await createAppEngine({
    dataDir,
    llm,
    eventFlushIntervalMs: 5,
    providerDefaults: { maxAttempts: 1 },
    knowledgeOptions: { loadEmbedder: async () => new HashEmbedder(64) },
    workflowServices: {
      paper: paperServices(llm),
    },
  });
  for (const [dir, name] of [
    [folderA, "alpha-a.md"],
    [folderB, "alpha-b.md"],
  ] as const) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), `# Notes ${name}\n\nAlpha and beta notes kept in ${name}: alpha matters, beta follows alpha.\n`);
  }
  await engine.call("knowledge.ingest", { paths: [folderA, folderB], collection: "library" });
  await engine.app.knowledge.idle();
  docId = await importRoutingPaper(engine, base);
}, 120_000);

afterAll(async () => {
  await engine?.dispose();
  fs.rmSync(base, { recursive: true, force: true });
});

/** Starts an article run and waits for its first pause (PAUSE-1, the material package). */
async function startArticle(scope?: Record<string, unknown>): Promise<{ sessionId: string; materials: Material[]; events: EngineEvent[] }> {
  const input = { intent: "Write about alpha and beta", locale: "en", ...(scope ? { scope } : {}) };
  const { sessionId } = await engine.call("run.start", { workflow: "article", input: input as never });
  const events = await waitForEvent(engine, sessionId, (e) => e.type === "await_user" || e.type === "error" || e.type === "done");
  expect(events.at(-1)?.type, JSON.stringify(events.find((e) => e.type === "error"))).toBe("await_user");
  const ready = events.find((e) => e.type === "materials_ready") as unknown as { materials: Material[] };
  return { sessionId, materials: ready.materials, events };
}

async function settle(sessionId: string): Promise<void> {
  await engine.parts.runner.settled(sessionId);
}

describe("a paper as an article's material", () => {
  it("a run scoped to the paper finds only its passages, carrying its CSL record, and the GB/T 7714 list names it once", async () => {
    const { sessionId, materials } = await startArticle({ papers: [docId] });
    expect(materials.length).toBeGreaterThanOrEqual(2);
    for (const material of materials) {
      expect(material.source_type).toBe("paper");
      expect(material.title).toContain("Sparse Routing Transformers");
      expect(material.csl).toMatchObject({ title: "Sparse Routing Transformers", DOI: "10.1234/jem.2021.042" });
    }
    // The session keeps its scope: a later step (re-search, resume after a restart) reads the same one.
    const state = await engine.call("run.state", { sessionId });
    expect((state.values as { scope?: unknown }).scope).toEqual({ papers: [docId] });

    await engine.call("run.resume", { sessionId, payload: { action: "confirm" } as never });
    await settle(sessionId);
    await engine.call("run.resume", { sessionId, payload: { action: "confirm" } as never });
    await settle(sessionId);
    const draft = (await engine.call("documents.version", { sessionId, number: 1 })).markdown;
    expect(draft).toContain("[m001]");

    const exported = await engine.call("documents.export", { sessionId, format: "markdown", referenceStyle: "gb-t-7714" });
    expect(exported.encoding).toBe("utf8");
    const text = exported.content;
    // Markdown escapes the list's brackets; the entry is read as a user sees it.
    const list = text.slice(text.search(/## (?:References|参考文献)/)).replace(/\\([[\]])/g, "$1");
    expect(list, list).toContain("[1] SMITH J, LI W. Sparse Routing Transformers[J]. Journal of Efficient Models, 2021. DOI:10.1234/jem.2021.042.");
    // Two passages of one paper cited: one entry.
    expect(list.match(/Sparse Routing Transformers\[J\]/g)).toHaveLength(1);
  });
});

describe("a scoped run never reads outside its scope", () => {
  it("without a scope the library and the papers are both searched", async () => {
    const { materials } = await startArticle();
    const types = new Set(materials.map((m) => m.source_type));
    expect(types).toEqual(new Set(["library", "paper"]));
  });

  it("scoped to one folder: only that folder's files, no paper, no other folder", async () => {
    const { materials } = await startArticle({ folders: [folderA] });
    expect(materials.length).toBeGreaterThan(0);
    for (const material of materials) {
      expect(material.source_type).toBe("library");
      expect(material.source).toContain("alpha-a.md");
    }
  });

  it("scoped to a collection that holds nothing: an empty package, not the library's or the paper's", async () => {
    const { materials } = await startArticle({ collections: ["code"] });
    expect(materials).toEqual([]);
  });

  it("refuses an empty scope with a message naming it, and starts no session", async () => {
    const before = (await engine.call("sessions.list", { workflow: "article" })).sessions.length;
    await expect(engine.call("run.start", { workflow: "article", input: { intent: "alpha and beta", scope: {} } as never })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("scope must name at least one collection, folder or paper"),
    });
    expect((await engine.call("sessions.list", { workflow: "article" })).sessions.length).toBe(before);
  });

  it("the CLI's --folders / --collections scope a run the same way, and a wrong collection is a usage error naming it", async () => {
    let stdout = "";
    let stderr = "";
    const io = {
      stdout: { write: (c: string | Uint8Array) => (stdout += c.toString()) },
      stderr: { write: (c: string | Uint8Array) => (stderr += c.toString()) },
    };
    const api = async () => Object.assign(Object.create(engine) as Engine, { dispose: async () => undefined });
    const before = new Set((await engine.call("sessions.list", { workflow: "article" })).sessions.map((s) => s.id));
    await runCli(["article", "start", "Write about alpha and beta", "--locale", "en", "--folders", folderB, "--json"], io, api);
    const started = (await engine.call("sessions.list", { workflow: "article" })).sessions.filter((s) => !before.has(s.id));
    expect(started).toHaveLength(1);
    const state = await engine.call("run.state", { sessionId: started[0]!.id });
    expect((state.values as { scope?: unknown }).scope).toEqual({ folders: [folderB] });
    const materials = (state.values as { materials: Material[] }).materials;
    expect(materials.length).toBeGreaterThan(0);
    expect(materials.every((m) => m.source.includes("alpha-b.md"))).toBe(true);

    stderr = "";
    const code = await runCli(["article", "start", "alpha and beta", "--collections", "library,notes"], io, api);
    expect(code).not.toBe(0);
    expect(stderr).toContain("--collections: unknown notes");
    expect(stdout.length).toBeGreaterThan(0);
  });

  it("the brief's HTTP start takes the same optional scope; /state gives it back beside materials from inside it", async () => {
    const token = "scoped-runs-token-0123456789abcdef";
    const server = await createServer({ api: engine, token, port: 0 });
    try {
      const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
      const url = `http://127.0.0.1:${server.port}/api/ai-writing`;
      const body = JSON.stringify({ user_intent: "Write about alpha and beta", locale: "en", scope: { papers: [docId] } });
      const started = (await (await fetch(`${url}/start`, { method: "POST", headers, body })).json()) as { session_id: string };
      await settle(started.session_id);
      const state = (await (await fetch(`${url}/${started.session_id}/state`, { headers })).json()) as { values: { scope: unknown; materials: Material[] } };
      expect(state.values.scope).toEqual({ papers: [docId] });
      expect(state.values.materials.length).toBeGreaterThan(0);
      expect(state.values.materials.every((m) => m.source_type === "paper")).toBe(true);
      const bad = await fetch(`${url}/start`, { method: "POST", headers, body: JSON.stringify({ user_intent: "alpha", scope: { shelves: ["x"] } }) });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain("shelves");
    } finally {
      await server.close();
    }
  });
});
