import type { PaperDeps } from "../../electron/engine/workflows/paper/PaperDeps.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createAppEngine, type AppEngine } from "../../electron/engine/createAppEngine.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { buildPaperPdf } from "./paperPdf.js";

let engine: AppEngine | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await engine?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  engine = undefined;
  dataDir = undefined;
});

/**
 * The production wiring (createAppEngine: the lazy knowledge port, the default PaperService) with
 * a counting embedder loader: the paper library must use the knowledge layer's embedder, so the
 * embedding model is loaded once for both, and follow it when the embedding-model setting changes.
 */
describe("one embedding model for the knowledge library and the papers", () => {
  it("the knowledge port's loader runs once; paper import and search and knowledge ingest and search all embed with that one instance", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "paper-shared-embedder-"));
    const loaded: HashEmbedder[] = [];
    const llm = new ScriptedLlm({ contextTokens: 2048, replies: { "*": () => { throw new Error("no LLM in this test"); } } }); // 2048: retrieval, not whole-paper mode
    engine = await createAppEngine({
      dataDir,
      llm,
      knowledgeOptions: {
        loadEmbedder: async () => {
          const embedder = new HashEmbedder(64, `hash-${loaded.length}`);
          loaded.push(embedder);
          return embedder;
        },
      },
      eventFlushIntervalMs: 5,
    });
    const files = path.join(dataDir, "files");
    fs.mkdirSync(files, { recursive: true });
    const pdf = path.join(files, "paper.pdf");
    fs.writeFileSync(pdf, await buildPaperPdf());
    const note = path.join(files, "note.md");
    fs.writeFileSync(note, "# Notes\n\nSparse experts route tokens to two of eight experts.\n");

    const { papers } = await engine.call("paper.import", { paths: [pdf] });
    expect(loaded).toHaveLength(1);
    const shared = loaded[0]!;
    const afterImport = shared.embedded;
    expect(afterImport).toBeGreaterThan(0);

    const { sessionId } = await engine.call("run.start", {
      workflow: "paper",
      input: { doc_id: papers[0]!.doc_id, user_query: "How many attention layers does the encoder use?", forced_intent: "extract", single_question: true, locale: "en" },
    } as never);
    await waitDone(engine, sessionId);
    expect(shared.embedded).toBeGreaterThan(afterImport); // the paper question was embedded by it

    await engine.call("knowledge.ingest", { paths: [note], collection: "library" });
    await engine.app.knowledge.idle();
    const beforeSearch = shared.embedded;
    const { materials } = await engine.call("knowledge.search", { query: "sparse experts", limit: 3, collection: "library" });
    expect(materials.length).toBeGreaterThan(0);
    expect(shared.embedded).toBeGreaterThan(beforeSearch);
    // One loader call for everything: the paper library never loaded its own model.
    expect(loaded).toHaveLength(1);
    expect(await engine.app.knowledge.embedder()).toBe(shared);
  });

  it("a changed embedding-model setting gives the papers the new embedder (index rebuilt for it), not the disposed one", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "paper-shared-embedder-"));
    const loaded: HashEmbedder[] = [];
    const llm = new ScriptedLlm({ contextTokens: 2048, replies: { "*": () => { throw new Error("no LLM in this test"); } } }); // 2048: retrieval, not whole-paper mode
    engine = await createAppEngine({
      dataDir,
      llm,
      knowledgeOptions: {
        loadEmbedder: async () => {
          const embedder = new HashEmbedder(loaded.length === 0 ? 64 : 32, `hash-${loaded.length}`);
          loaded.push(embedder);
          return embedder;
        },
      },
      eventFlushIntervalMs: 5,
    });
    const pdf = path.join(dataDir, "paper.pdf");
    fs.writeFileSync(pdf, await buildPaperPdf());
    const { papers } = await engine.call("paper.import", { paths: [pdf] });
    const docId = papers[0]!.doc_id;
    expect(loaded).toHaveLength(1);

    // Another embedding model: the knowledge port re-creates its service (and embedder) on next use.
    await engine.call("settings.update", { embeddingModel: "other-embedder.gguf" });
    const { sessionId } = await engine.call("run.start", {
      workflow: "paper",
      input: { doc_id: docId, user_query: "Which optimizer is used for training?", forced_intent: "extract", single_question: true, locale: "en" },
    } as never);
    await waitDone(engine, sessionId);
    expect(loaded).toHaveLength(2);
    const second = loaded[1]!;
    // The index was rebuilt with the new model's vectors (every chunk re-embedded) and queried with it.
    const chunks = (engine.parts.servicesOf("paper") as PaperDeps).papers.library.repo.chunks(docId).length;
    expect(second.embedded).toBeGreaterThan(chunks);
  });
});

async function waitDone(engine: AppEngine, sessionId: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const stop = engine.subscribe(sessionId, 0, (event) => {
      if (event.type === "done") {
        queueMicrotask(stop);
        resolve();
      }
      if (event.type === "error") {
        queueMicrotask(stop);
        reject(new Error(JSON.stringify(event)));
      }
    });
  });
}
