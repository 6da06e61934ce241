import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ARTICLE_TYPES } from "../../../../shared/workflows/article.js";
import type { SessionState } from "../../../../shared/api.js";
import type { EngineEvent } from "../../../../shared/events.js";
import { createTinyGguf } from "../../../../tests/fixtures/tinyGguf.js";
import { createEngine } from "../../createEngine.js";
import type { Engine } from "../../Engine.js";
import { LlamaCppProvider } from "../../llm/LlamaCppProvider.js";
import type { GenerateStructuredOptions, LlmClient } from "../../llm/LlmClient.js";
import { LlmService } from "../../llm/LlmService.js";
import { physicalCoreCount } from "../../llm/physicalCoreCount.js";
import { FakeSearch } from "../../testing/articleTestKit.js";
import { SCORE_VALUES } from "./schemas.js";

/**
 * The whole article workflow on real llama.cpp with the tiny generated GGUF: random weights, so
 * only properties are asserted (the run reaches every pause and `done`, outputs are schema-valid,
 * citations name approved materials only). Prose calls are capped at a few tokens to stay quick.
 */
let service: LlmService;
let engine: Engine;
let dataDir: string;

const short = (max: number) => z.string().max(max);
/**
 * Tighter versions of the workflow's output schemas, by call step: every value they accept is
 * valid under the real schema (re-checked below), but the random model has far fewer tokens to
 * write, which keeps this test to minutes on a shared 2-core machine.
 */
const TIGHT: Record<string, z.ZodType> = {
  intent: z.object({
    article_type: z.enum(ARTICLE_TYPES),
    target_audience: short(12),
    word_count_target: z.literal([300]),
    key_questions: z.array(short(12)).max(1),
  }),
  keywords: z.object({ keywords: z.array(short(10)).max(2) }),
  outline: z.object({
    title: short(12),
    sections: z
      .array(z.object({ section_title: short(12), key_points: z.array(short(10)).max(1), material_ids: z.array(short(4)).max(1) }))
      .min(1)
      .max(2),
  }),
  review: z.object({
    score: z.literal(SCORE_VALUES),
    issues: z.array(z.object({ severity: z.enum(["major", "minor"]), location: short(10), issue: short(10), suggestion: short(10) })).max(1),
  }),
};

/** Short prose calls and tight structured outputs, still through llama.cpp's grammar and the real nodes. */
function quick(llm: LlmClient): LlmClient {
  return {
    countTokens: (text: string) => llm.countTokens(text),
    contextTokens: () => llm.contextTokens(),
    id: llm.id,
    generateText: (options) => llm.generateText({ ...options, maxTokens: 24, maxContinuations: 0 }),
    generateStructured: async <T,>(options: GenerateStructuredOptions<T>) => {
      const step = options.tag?.step.startsWith("review_") ? "review" : (options.tag?.step ?? "");
      const tight = TIGHT[step] as z.ZodType<T> | undefined;
      const result = await llm.generateStructured({ ...options, schema: tight ?? options.schema, maxTokens: 200 });
      return { ...result, value: options.schema.parse(result.value) };
    },
  };
}

beforeAll(async () => {
  const modelPath = await createTinyGguf();
  service = new LlmService();
  await service.load({ modelPath, threads: physicalCoreCount(), sequences: 2, contextSize: 2048 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "article-model-"));
  engine = await createEngine({ dataDir, llm: quick(new LlamaCppProvider(service)), search: new FakeSearch(), eventFlushIntervalMs: 5 });
  // Threshold 100: the random model's review is rejected, so PAUSE-4 is reached.
  await engine.call("settings.update", { sequences: 2, article: { reviewThreshold: 100, maxRevisions: 3, weights: { facts: 0.4, logic: 0.3, language: 0.3 } } });
});

afterAll(async () => {
  await engine?.dispose();
  await service?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function settle(sessionId: string): Promise<SessionState> {
  await engine.parts.runner.settled(sessionId);
  const state = await engine.call("run.state", { sessionId });
  if (state.session.status === "error") {
    const events = (await engine.call("events.list", { sessionId, afterSeq: 0 })).events;
    throw new Error(`run failed: ${JSON.stringify(events.at(-1))}`);
  }
  return state;
}

describe("article workflow on the tiny real GGUF", () => {
  it("runs through all four pauses to done", async () => {
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "Write about local AI", locale: "en", word_count_target: 200 } });
    const seen: string[] = [];
    let state = await settle(sessionId);
    seen.push(state.pause?.pausePoint ?? "");
    expect(state.pause?.pausePoint).toBe("material_confirm");
    // The researcher's ranking-only call went through llama.cpp's grammar (the package's ids only) without falling back.
    const rankStep = (await engine.call("events.list", { sessionId, afterSeq: 0 })).events.find((e) => e.type === "step_done" && e.step === "researcher_rank");
    expect(rankStep).toMatchObject({ summary: expect.stringContaining("ranked by relevance") });
    state = await (async () => {
      await engine.call("run.resume", { sessionId, payload: { action: "confirm", approved_material_ids: ["m001", "m002"] } });
      return settle(sessionId);
    })();
    seen.push(state.pause?.pausePoint ?? "");
    await engine.call("run.resume", { sessionId, payload: { action: "confirm" } });
    state = await settle(sessionId);
    seen.push(state.pause?.pausePoint ?? "");
    await engine.call("run.resume", { sessionId, payload: { action: "to_editor" } });
    state = await settle(sessionId);
    seen.push(state.pause?.pausePoint ?? "");
    // A perfect random review would pass and return to PAUSE-3; send it back to the editor until PAUSE-4 (bounded).
    for (let i = 0; i < 3 && state.pause?.pausePoint === "draft_confirm"; i++) {
      await engine.call("run.resume", { sessionId, payload: { action: "to_editor" } });
      state = await settle(sessionId);
      seen.push(state.pause?.pausePoint ?? "");
    }
    await engine.call("run.resume", { sessionId, payload: { action: "force_finalize" } });
    state = await settle(sessionId);

    expect(seen.slice(0, 4)).toEqual(["material_confirm", "outline_confirm", "draft_confirm", "review_confirm"]);
    expect(state.session.status).toBe("done");
    const values = state.values as { draft: string; draft_version: number; outline: { sections: Array<{ material_ids: string[] }> } };
    expect(values.draft.startsWith("# ")).toBe(true);
    for (const cited of values.draft.matchAll(/\[(m\d+)/g)) expect(["m001", "m002"]).toContain(cited[1]);
    for (const section of values.outline.sections) for (const id of section.material_ids) expect(["m001", "m002"]).toContain(id);
    const events: EngineEvent[] = (await engine.call("events.list", { sessionId, afterSeq: 0 })).events;
    expect(events.some((e) => e.type === "draft_chunk")).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: "done", summary: expect.stringMatching(/^Final: version \d+, \d+ words$/) });
  }, 600_000);
});
