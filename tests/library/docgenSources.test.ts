import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../shared/events.js";
import { runCli } from "../../electron/cli/runCli.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { createAppEngine, type AppEngine } from "../../electron/engine/createAppEngine.js";
import { isTerminal, tempDataDir, waitForEvent } from "../../electron/engine/testing/engineTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../electron/engine/testing/ScriptedLlm.js";
import { outlineOf, sectionIndexOf } from "../../electron/engine/testing/docgenTestKit.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { paperServices } from "../papers/paperServices.js";
import { importRoutingPaper } from "./routingPaper.js";

/**
 * The doc generator takes its sections' sources from the same library as the article studio: a run
 * scoped to papers, folders or collections searches only there, its sections cite the passages, and
 * the papers cited get a GB/T 7714 reference list in the document. Real SQLite, real LanceDB (the
 * library and the paper index), the app's own search wiring; a scripted model writes, and every
 * section prompt it is given is kept so the test sees what sources reached it.
 */
const base = tempDataDir("docgen-sources-");
const dataDir = path.join(base, "data");
const folderA = path.join(base, "folder-a");
const folderB = path.join(base, "folder-b");
const OUTLINE = outlineOf(2, "路由文档");
let engine: AppEngine;
let docId: string;
const sectionPrompts: string[] = [];

function docgenLlm(): ScriptedLlm {
  return new ScriptedLlm({
    replies: {
      "writer.outline": OUTLINE,
      // Each section cites the first source the prompt offers (a scoped run has some), as the prompt asks.
      "writer.section": (o: ScriptedCallOptions) => {
        sectionPrompts.push(o.prompt);
        const title = OUTLINE.sections[sectionIndexOf(o)]!.title;
        const cite = /^\[(m\d{3})\]/m.exec(o.prompt)?.[1];
        return `## ${title}\n\n本节说明${title}的要点，路由方法降低了计算开销${cite ? `[${cite}]` : ""}。`;
      },
      reviewer: { violations: [] },
      reviser: { replacements: [] },
    },
  });
}

beforeAll(async () => {
  engine = await createAppEngine({
    dataDir,
    llm: docgenLlm(),
    eventFlushIntervalMs: 5,
    providerDefaults: { maxAttempts: 1 },
    knowledgeOptions: { loadEmbedder: async () => new HashEmbedder(64) },
    workflowServices: {
      paper: paperServices(undefined),
    },
  });
  for (const [dir, name] of [
    [folderA, "alpha-a.md"],
    [folderB, "alpha-b.md"],
  ] as const) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), `# Notes ${name}\n\nAlpha routing notes kept in ${name}: alpha routing matters, beta experts follow alpha.\n`);
  }
  await engine.call("knowledge.ingest", { paths: [folderA, folderB], collection: "library" });
  await engine.app.knowledge.idle();
  docId = await importRoutingPaper(engine, base);
}, 180_000);

afterAll(async () => {
  await engine?.dispose();
  fs.rmSync(base, { recursive: true, force: true });
});

const TEXT = "路由方法把 alpha routing 的 token 分给 beta experts。本文介绍它的做法与开销。";

async function runDocgen(scope?: Record<string, unknown>): Promise<{ sessionId: string; events: EngineEvent[]; draft: string }> {
  sectionPrompts.length = 0;
  const input = { input_mode: "text", topic: "alpha routing beta experts", context: TEXT, locale: "zh", ...(scope ? { scope } : {}) };
  const { sessionId } = await engine.call("run.start", { workflow: "docgen", input } as never);
  const events = await waitForEvent(engine, sessionId, isTerminal);
  expect(events.at(-1)?.type, JSON.stringify(events.find((e) => e.type === "error"))).toBe("done");
  const draft = (await engine.call("documents.version", { sessionId, number: 1 })).markdown;
  return { sessionId, events, draft };
}

describe("the doc generator takes sources from the library", () => {
  it("scoped to a paper: its passages reach the section prompts, the citations are numbered, and the paper is listed once in GB/T 7714", async () => {
    const { sessionId, events, draft } = await runDocgen({ papers: [docId] });
    const step = events.find((e) => e.type === "step_done" && (e as { step?: string }).step === "search_sources") as { summaryText?: { params?: { n: number; papers: number } } };
    expect(step?.summaryText?.params?.papers).toBe(1);
    expect(step?.summaryText?.params?.n).toBeGreaterThanOrEqual(2);
    expect(sectionPrompts).toHaveLength(2);
    for (const prompt of sectionPrompts) {
      expect(prompt).toContain("[m001] Sparse Routing Transformers");
      expect(prompt).not.toContain("alpha-a.md");
    }
    // The citations read as GB/T 7714 numbers: no session id is left in the document.
    expect(draft).not.toMatch(/\[m\d{3}\]/);
    expect(draft).toContain("路由方法降低了计算开销[1]");
    const list = draft.slice(draft.indexOf("## 参考文献")).replace(/\\([[\]])/g, "$1");
    expect(draft.indexOf("## 参考文献")).toBeGreaterThan(draft.indexOf("## 第二部分"));
    expect(list).toContain("[1] SMITH J, LI W. Sparse Routing Transformers[J]. Journal of Efficient Models, 2021. DOI:10.1234/jem.2021.042.");
    expect(list.match(/Sparse Routing Transformers\[J\]/g)).toHaveLength(1);

    // A section rewritten after the run: its `[m001]` cannot be a session id in a numbered document.
    const seq = events.at(-1)!.seq;
    await engine.call("docgen.regenerateSection", { sessionId, index: 0 });
    const again = await waitForEvent(engine, sessionId, isTerminal, seq);
    expect(again.at(-1)?.type).toBe("done");
    const latest = ((await engine.call("run.state", { sessionId })).values as { current_draft: string }).current_draft;
    expect(latest).not.toBe(draft);
    expect(latest).not.toMatch(/\[m\d{3}\]/);
    expect(latest).toContain("## 参考文献");
  }, 180_000);

  it("scoped to one folder: only that folder's notes, no paper and no other folder", async () => {
    const { draft } = await runDocgen({ folders: [folderB] });
    expect(sectionPrompts.length).toBeGreaterThan(0);
    for (const prompt of sectionPrompts) {
      expect(prompt).toContain("alpha-b.md");
      expect(prompt).not.toContain("alpha-a.md");
      expect(prompt).not.toContain("Sparse Routing Transformers");
    }
    expect(draft).not.toContain("Sparse Routing Transformers");
  }, 180_000);

  it("unscoped: the run reads only its own text, with no search step and no reference list", async () => {
    const { events, draft } = await runDocgen();
    expect(events.some((e) => e.type === "step_start" && (e as { step?: string }).step === "search_sources")).toBe(false);
    for (const prompt of sectionPrompts) expect(prompt).not.toContain("[m001]");
    expect(draft).not.toContain("参考文献");
  }, 180_000);

  it("refuses an empty scope, and a scope on a review-only run, naming it, and starts no session", async () => {
    const before = (await engine.call("sessions.list", { workflow: "docgen" })).sessions.length;
    const start = (input: Record<string, unknown>) => engine.call("run.start", { workflow: "docgen", input } as never);
    await expect(start({ input_mode: "text", topic: "t", context: TEXT, scope: {} })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("scope must name at least one collection, folder or paper"),
    });
    await expect(start({ input_mode: "text", topic: "t", context: TEXT, review_only: true, scope: { papers: [docId] } })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("review_only"),
    });
    expect((await engine.call("sessions.list", { workflow: "docgen" })).sessions.length).toBe(before);
  });

  it("the CLI's --papers scopes a docgen run the same way", async () => {
    const io = { stdout: { write: () => true }, stderr: { write: () => true } };
    const api = async () => Object.assign(Object.create(engine) as Engine, { dispose: async () => undefined });
    const textFile = path.join(base, "source.txt");
    fs.writeFileSync(textFile, TEXT);
    const before = new Set((await engine.call("sessions.list", { workflow: "docgen" })).sessions.map((s) => s.id));
    const code = await runCli(["docgen", "start", "--mode", "text", "--topic", "alpha routing", "--text-file", textFile, "--papers", docId, "--json"], io, api);
    expect(code).toBe(0);
    const started = (await engine.call("sessions.list", { workflow: "docgen" })).sessions.filter((s) => !before.has(s.id));
    expect(started).toHaveLength(1);
    await waitForEvent(engine, started[0]!.id, isTerminal);
    const state = await engine.call("run.state", { sessionId: started[0]!.id });
    expect((state.values as { input: { scope?: unknown } }).input.scope).toEqual({ papers: [docId] });
    expect((state.values as { current_draft: string }).current_draft.replace(/\\([[\]])/g, "$1")).toContain("[1] SMITH J, LI W. Sparse Routing Transformers[J]");
  }, 180_000);
});
