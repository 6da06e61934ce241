import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ScriptoriumError } from "../../../shared/errors.js";
import { ScriptedLlm } from "../testing/ScriptedLlm.js";

const Review = z.object({ score: z.number().min(0).max(100), notes: z.array(z.string()) });

describe("ScriptedLlm", () => {
  it("answers by role.step, then role, then *, and records every call", async () => {
    const llm = new ScriptedLlm({
      replies: { "writer.section": "section text", writer: "any writer step", "*": "fallback" },
    });
    const a = await llm.generateText({ prompt: "p1", tag: { role: "writer", step: "section" } });
    const b = await llm.generateText({ prompt: "p2", tag: { role: "writer", step: "title" } });
    const c = await llm.generateText({ prompt: "p3", tag: { role: "editor", step: "x" } });
    expect([a.text, b.text, c.text]).toEqual(["section text", "any writer step", "fallback"]);
    expect(llm.calls.map((call) => [call.key, call.prompt, call.index])).toEqual([
      ["writer.section", "p1", 0],
      ["writer", "p2", 1],
      ["*", "p3", 2],
    ]);
    expect(llm.callsFor("writer")).toHaveLength(2);
    expect(llm.callsFor("writer", "title")[0]?.reply).toBe("any writer step");
  });

  it("consumes queues in order, calls functions with the per-entry call index, and fails when exhausted", async () => {
    const llm = new ScriptedLlm({
      replies: {
        "editor.review": [{ score: 50, notes: ["weak"] }, '```json\n{"score": 90, "notes": [],}\n```'],
        "writer.draft": (_options, index) => `draft ${index}`,
      },
    });
    const tag = { role: "editor", step: "review" };
    expect((await llm.generateStructured({ prompt: "r", tag, schema: Review })).value.score).toBe(50);
    expect((await llm.generateStructured({ prompt: "r", tag, schema: Review })).value).toEqual({ score: 90, notes: [] });
    await expect(llm.generateStructured({ prompt: "r", tag, schema: Review })).rejects.toThrow(/exhausted/);
    const drafts = [];
    for (let i = 0; i < 3; i++) drafts.push((await llm.generateText({ prompt: "d", tag: { role: "writer", step: "draft" } })).text);
    expect(drafts).toEqual(["draft 0", "draft 1", "draft 2"]);
  });

  it("fails loudly when a structured reply does not match the schema or nothing is scripted", async () => {
    const llm = new ScriptedLlm({ replies: { "editor.review": { score: "high" } } });
    const error = await llm
      .generateStructured({ prompt: "r", tag: { role: "editor", step: "review" }, schema: Review })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptoriumError);
    expect((error as ScriptoriumError).message).toMatch(/editor\.review.*score/);
    await expect(llm.generateText({ prompt: "x", tag: { role: "nobody", step: "x" } })).rejects.toThrow(/no reply scripted for nobody\.x/);
  });

  it("streams chunks in order that concatenate to the reply", async () => {
    const text = "The quick brown fox jumps over the lazy dog.";
    const llm = new ScriptedLlm({ replies: { "*": text }, chunkSize: 5 });
    const chunks: string[] = [];
    const result = await llm.generateText({ prompt: "x", onTextChunk: (chunk) => chunks.push(chunk) });
    expect(chunks.length).toBe(Math.ceil(text.length / 5));
    expect(chunks.join("")).toBe(result.text);
    expect(result.stopReason).toBe("eog");
  });

  it("honours abort: partial text for generateText, aborted error for generateStructured", async () => {
    const llm = new ScriptedLlm({ replies: { "*": "x".repeat(200), json: { score: 1, notes: [] } }, chunkSize: 1, chunkDelayMs: 2 });
    const controller = new AbortController();
    let seen = 0;
    const result = await llm.generateText({
      prompt: "x",
      signal: controller.signal,
      onTextChunk: () => {
        if (++seen === 10) controller.abort();
      },
    });
    expect(result.stopReason).toBe("abort");
    expect(result.text).toBe("x".repeat(10));
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      llm.generateStructured({ prompt: "x", tag: { role: "json", step: "s" }, schema: Review, signal: aborted.signal }),
    ).rejects.toMatchObject({ code: "aborted" });
  });
});
