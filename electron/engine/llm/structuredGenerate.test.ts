import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ScriptoriumError } from "../../../shared/errors.js";
import { structuredGenerate, type StructuredAttemptRequest } from "./structuredGenerate.js";

const Keywords = z.object({ keywords: z.array(z.string().max(20)).min(1).max(5) });

/** An attempt function replying from a list, recording what it was asked. */
function scripted(replies: string[]): {
  requests: StructuredAttemptRequest[];
  attempt: (r: StructuredAttemptRequest) => Promise<{ text: string; tokens: number }>;
} {
  const requests: StructuredAttemptRequest[] = [];
  return {
    requests,
    attempt: async (request) => {
      requests.push(request);
      const text = replies[requests.length - 1] ?? "";
      return { text, tokens: text.length };
    },
  };
}

describe("structuredGenerate", () => {
  it("parses leniently and validates on the first attempt", async () => {
    const backend = scripted(['Sure!\n```json\n{"keywords": ["a", "b",]}\n```']);
    const result = await structuredGenerate({ prompt: "p", schema: Keywords, tag: { role: "researcher", step: "keywords" } }, backend.attempt);
    expect(result.value).toEqual({ keywords: ["a", "b"] });
    expect(result.attempts).toBe(1);
    expect(backend.requests[0]?.schemaName).toBe("researcher.keywords");
    expect(backend.requests[0]?.prompt).toContain('"maxItems":5');
    expect(backend.requests[0]?.temperature).toBe(0.2);
  });

  it("feeds the error and the bad output back on retry", async () => {
    const backend = scripted(["not json at all", '{"keywords": []}', '{"keywords": ["ok"]}']);
    const result = await structuredGenerate({ prompt: "p", schema: Keywords }, backend.attempt);
    expect(result.attempts).toBe(3);
    expect(result.tokens).toBe(backend.requests.length > 0 ? "not json at all".length + '{"keywords": []}'.length + '{"keywords": ["ok"]}'.length : 0);
    expect(backend.requests[1]?.prompt).toContain("not json at all");
    expect(backend.requests[1]?.prompt).toMatch(/rejected: No JSON/);
    expect(backend.requests[2]?.prompt).toContain("keywords: Too small");
  });

  it("trims over-long strings and arrays instead of retrying", async () => {
    const backend = scripted([JSON.stringify({ keywords: ["x".repeat(19) + "😀😀", "b", "c", "d", "e", "f"] })]);
    const result = await structuredGenerate({ prompt: "p", schema: Keywords }, backend.attempt);
    expect(result.attempts).toBe(1);
    expect(result.value.keywords).toHaveLength(5);
    expect(result.value.keywords[0]).toBe("x".repeat(19) + "😀");
  });

  it("gives up after maxAttempts with an error naming the schema and the last problem", async () => {
    const backend = scripted(["{}", "{}"]);
    const error = await structuredGenerate({ prompt: "p", schema: Keywords, maxAttempts: 2, tag: { role: "editor", step: "facts" } }, backend.attempt).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ScriptoriumError);
    expect((error as ScriptoriumError).code).toBe("internal");
    expect((error as ScriptoriumError).message).toMatch(/editor\.facts.*2 attempts.*keywords/);
    expect(backend.requests).toHaveLength(2);
  });

  it("stops after two replies that ran to their token budget without closing the JSON", async () => {
    const cut = '{"keywords": ["' + "a".repeat(40);
    const backend = scripted([cut, cut, '{"keywords": ["ok"]}']);
    const error = await structuredGenerate({ prompt: "p", schema: Keywords, maxTokens: 40 }, backend.attempt).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptoriumError);
    expect((error as ScriptoriumError).message).toMatch(/after 2 attempts \(two ran to their token budget\)/);
    expect(backend.requests).toHaveLength(2);
    // One cut reply is still retried: the second attempt may close it.
    const once = scripted([cut, '{"keywords": ["ok"]}']);
    await expect(structuredGenerate({ prompt: "p", schema: Keywords, maxTokens: 40 }, once.attempt)).resolves.toMatchObject({ attempts: 2 });
  });

  it("does not retry backend failures, and stops when aborted", async () => {
    let calls = 0;
    const failing = async (): Promise<{ text: string; tokens: number }> => {
      calls++;
      throw new ScriptoriumError("unavailable", "server down");
    };
    await expect(structuredGenerate({ prompt: "p", schema: Keywords }, failing)).rejects.toMatchObject({ code: "unavailable" });
    expect(calls).toBe(1);
    const controller = new AbortController();
    controller.abort();
    await expect(structuredGenerate({ prompt: "p", schema: Keywords, signal: controller.signal }, failing)).rejects.toMatchObject({ code: "aborted" });
    expect(calls).toBe(1);
  });
});
