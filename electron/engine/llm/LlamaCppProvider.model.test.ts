import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ScriptoriumError } from "../../../shared/errors.js";
import { createTinyGguf } from "../../../tests/fixtures/tinyGguf.js";
import { LlamaCppProvider } from "./LlamaCppProvider.js";
import { LlmService } from "./LlmService.js";

// One thread: the tiny model is memory-bound and the CI machine is shared (see physicalCoreCount).
const service = new LlmService();
const llm = new LlamaCppProvider(service);

beforeAll(async () => {
  await service.load({ modelPath: await createTinyGguf(), threads: 1, sequences: 2, contextSize: 2048 });
});
afterAll(() => service.dispose());

const Outline = z.object({
  kind: z.enum(["news", "feature", "essay"]).describe("article kind"),
  title: z.string().min(1).max(24),
  sections: z.array(z.object({ heading: z.string().max(12), words: z.number().int().min(100).max(110) })).min(1).max(2),
  meta: z.object({ draft: z.boolean(), tags: z.array(z.string().max(8)).max(2) }),
});

describe("LlamaCppProvider on the tiny GGUF", () => {
  it("reports its backend and model in the id", () => {
    expect(llm.id).toMatch(/^llamacpp:tiny-.*\.gguf$/);
  });

  it("returns 20/20 schema-valid structured outputs with the grammar", async () => {
    let valid = 0;
    for (let i = 0; i < 20; i++) {
      const result = await llm.generateStructured({ prompt: `Outline article ${i}`, schema: Outline, maxTokens: 400 });
      if (Outline.safeParse(result.value).success) valid++;
      expect(result.attempts).toBeGreaterThanOrEqual(1);
      // The grammar yields strict JSON: no fences or prose for the lenient parser to strip.
      expect(() => JSON.parse(result.raw) as unknown).not.toThrow();
    }
    expect(valid).toBe(20);
  }, 240_000);

  it("throws a typed grammar_refused error, never free text, for a schema llama.cpp refuses", async () => {
    // llama.cpp refuses a repetition of at least 2 001 (its MAX_REPETITION_THRESHOLD is 2 000).
    const Refused = z.object({ text: z.string().min(2001) });
    let chunks = 0;
    const error = await llm.generateStructured({ prompt: "Say hi", schema: Refused, tag: { role: "test", step: "refused" }, onTextChunk: () => chunks++ }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ScriptoriumError);
    expect((error as ScriptoriumError).code).toBe("internal");
    expect((error as ScriptoriumError).message).toMatch(/refused the grammar for the test\.refused output/);
    expect((error as ScriptoriumError).details).toMatchObject({ kind: "grammar_refused", schema: "test.refused" });
    expect(chunks).toBe(0);
  });

  it("streams chunks in order that concatenate to the result", async () => {
    const chunks: string[] = [];
    const result = await llm.generateText({ prompt: "Tell a story", maxTokens: 40, maxContinuations: 0, onTextChunk: (c) => chunks.push(c) });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join("")).toBe(result.text);
    expect(result.tokens).toBeGreaterThan(0);
  });

  it("runs a retry with avoidRepeats (the DRY sampler) to a normal end", async () => {
    const result = await llm.generateText({ prompt: "Tell a story", maxTokens: 30, maxContinuations: 0, avoidRepeats: true });
    expect(["eog", "maxTokens"]).toContain(result.stopReason);
    expect(result.tokens).toBeGreaterThan(0);
  });

  it("aborts at the next token with the partial text, and the next generation works", async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    const pending = llm.generateText({
      prompt: "Write forever",
      maxTokens: 1_000_000,
      maxContinuations: 0,
      signal: controller.signal,
      onTextChunk: (chunk) => {
        chunks.push(chunk);
        if (chunks.length === 5) controller.abort();
      },
    });
    const result = await pending;
    expect(result.stopReason).toBe("abort");
    // Stopped at the next token: at most the token in flight and the one sampled ahead stream after
    // the signal (the milliseconds are measured in bench/abortBench.ts, not asserted).
    expect(chunks.length - 5).toBeLessThanOrEqual(2);
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.text.startsWith(chunks.slice(0, 5).join(""))).toBe(true);
    const next = await llm.generateText({ prompt: "Again", maxTokens: 10, maxContinuations: 0 });
    expect(next.tokens).toBeGreaterThan(0);
  });

  it("returns an empty abort result when aborted before the first token", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await llm.generateText({ prompt: "x", signal: controller.signal });
    expect(result).toMatchObject({ text: "", stopReason: "abort" });
  });

  it("continues a reply cut by maxTokens and stitches it into one longer text", async () => {
    const single = await llm.generateText({ prompt: "Continue me", maxTokens: 8, maxContinuations: 0, temperature: 0 });
    const chunks: string[] = [];
    const continued = await llm.generateText({
      prompt: "Continue me",
      maxTokens: 8,
      maxContinuations: 3,
      temperature: 0,
      onTextChunk: (c) => chunks.push(c),
    });
    expect(single.stopReason).toBe("maxTokens");
    expect(continued.continuations).toBeGreaterThan(0);
    expect(["maxTokens", "eog"]).toContain(continued.stopReason);
    expect(continued.text.length).toBeGreaterThan(single.text.length);
    // Greedy decoding: the first part is the same reply, the continuation is appended to it.
    expect(continued.text.startsWith(single.text)).toBe(true);
    expect(chunks.join("")).toBe(continued.text);
    expect(continued.tokens).toBeGreaterThan(single.tokens);
  });

  it("runs two sequences concurrently (overlapping generation windows)", async () => {
    const windows: { first: number; last: number }[] = [];
    const run = async (prompt: string): Promise<void> => {
      const window = { first: 0, last: 0 };
      windows.push(window);
      await llm.generateText({
        prompt,
        maxTokens: 120,
        maxContinuations: 0,
        onTextChunk: () => {
          const now = performance.now();
          if (!window.first) window.first = now;
          window.last = now;
        },
      });
    };
    await Promise.all([run("first"), run("second")]);
    const [a, b] = windows as [{ first: number; last: number }, { first: number; last: number }];
    expect(a.first).toBeGreaterThan(0);
    expect(b.first).toBeGreaterThan(0);
    // Both were streaming at the same time: each started before the other finished.
    expect(a.first).toBeLessThan(b.last);
    expect(b.first).toBeLessThan(a.last);
  });

  it("queues a third caller until a sequence is free", async () => {
    const results = await Promise.all(
      [1, 2, 3].map((i) => llm.generateText({ prompt: `caller ${i}`, maxTokens: 10, maxContinuations: 0 })),
    );
    expect(results).toHaveLength(3);
    for (const result of results) expect(result.tokens).toBeGreaterThan(0);
  });
});
