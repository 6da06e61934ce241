import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAPER_INTENTS } from "../../shared/workflows/paper.js";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { tempDataDir } from "../../electron/engine/testing/engineTestKit.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { lastAnswer, steps, untilSettled } from "./paperEngineKit.js";

/**
 * Real llama.cpp on the tiny GGUF for generation and embeddings, through the default engine
 * (PaperService with the chat model as embedding fallback): every intent and a deep read to the end.
 * The tiny model's words are noise; what is checked is that each path runs, streams or blocks as
 * it should, and that its output passed the code checks (citations, title, claims).
 */
const PAPER = `# Tiny Sparse Paper

Ann Lee, Bo Chen

## Abstract

We route tokens to two experts. Accuracy is 91 percent.

## 1 Method

The encoder has 12 layers.

## References

[1] A. Author. Old work. 2020.
`;

describe("paper workflow on real llama.cpp (tiny GGUF)", () => {
  const dir = tempDataDir("paper-model-");
  let engine: Engine;
  let docId = "";
  beforeAll(async () => {
    engine = await createEngine({ dataDir: dir, modelPath: await createTinyGguf(), appVersion: "test" });
    await engine.call("settings.update", { threads: 1, sequences: 1, contextSize: 2048 });
    const file = path.join(dir, "tiny.md");
    fs.writeFileSync(file, PAPER);
    const { papers } = await engine.call("paper.import", { paths: [file] });
    docId = papers[0]!.doc_id;
  }, 240_000);
  afterAll(async () => {
    await engine?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(PAPER_INTENTS.filter((i) => i !== "deep_read"))("answers a forced %s question", async (intent) => {
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "layers", forced_intent: intent, single_question: true, locale: "en" } });
    const events = await untilSettled(engine, sessionId);
    expect(events.at(-1)!.type, JSON.stringify(events.at(-1))).toBe("done");
    const answer = lastAnswer(events);
    expect(answer.intent).toBe(intent);
    expect(answer.answer).toContain("Tiny Sparse Paper");
    const pages = new Set(answer.evidence.map((e) => e.page));
    for (const c of answer.citations) expect(pages.has(c.page) || intent === "recommend").toBe(true);
    const streamed = events.some((e) => e.type === "token");
    expect(streamed).toBe(["chat", "translate", "literature_review"].includes(intent));
  }, 240_000);

  it("routes a free question with the grammar-constrained router", async () => {
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "how many layers", single_question: true } });
    const events = await untilSettled(engine, sessionId);
    expect(events.at(-1)!.type).toBe("done");
    expect(PAPER_INTENTS).toContain(lastAnswer(events).intent);
    expect(steps(events)[1]).toBe("router");
  }, 240_000);

  it("deep-reads to the end: three stages, a bounded check, every claim with a verdict", async () => {
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "deep read", forced_intent: "deep_read", single_question: true, max_halluc_iterations: 1, locale: "en" } });
    const events = await untilSettled(engine, sessionId);
    expect(events.at(-1)!.type, JSON.stringify(events.at(-1))).toBe("done");
    const answer = lastAnswer(events);
    expect(Object.keys(answer.stages!)).toEqual(["extraction", "analysis", "synthesis"]);
    expect(answer.halluc_iteration).toBeLessThanOrEqual(1);
    const checks = events.filter((e) => e.type === "claims_checked");
    expect(checks.length).toBe(answer.halluc_iteration! + 1);
    for (const claim of answer.claims ?? []) expect(["supported", "unsupported"]).toContain(claim.label);
  }, 300_000);
});
