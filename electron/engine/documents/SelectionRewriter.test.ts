import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { createEngine } from "../createEngine.js";
import type { Engine } from "../Engine.js";
import type { LlmClient } from "../llm/LlmClient.js";
import { chunkLlm, hangingLlm, isTerminal, tempDataDir, waitForEvent } from "../testing/engineTestKit.js";
import { cleanRewrite, rewritePrompt } from "./rewritePrompts.js";

let engine: Engine | null = null;
let dataDir: string | null = null;
afterEach(async () => {
  await engine?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  engine = null;
  dataDir = null;
});

/** An engine whose LLM is `rewriteLlm` for rewrites and a one-word chat otherwise, plus one finished chat session. */
async function engineWithSession(
  rewriteLlm: LlmClient,
): Promise<{ engine: Engine; sessionId: string; calls: Array<{ system?: string; prompt: string; maxTokens?: number }> }> {
  dataDir = tempDataDir();
  const chat = chunkLlm(["好"]);
  const calls: Array<{ system?: string; prompt: string; maxTokens?: number }> = [];
  const llm: LlmClient = {
    countTokens: (text: string) => chat.countTokens(text),
    contextTokens: () => chat.contextTokens(),
    id: "test:rewrite",
    generateText: (o) => {
      if (!o.tag?.step.startsWith("rewrite_")) return chat.generateText(o);
      calls.push({
        ...(o.system !== undefined ? { system: o.system } : {}),
        prompt: o.prompt,
        ...(o.maxTokens !== undefined ? { maxTokens: o.maxTokens } : {}),
      });
      return rewriteLlm.generateText(o);
    },
    generateStructured: (o) => chat.generateStructured(o),
  };
  engine = await createEngine({ dataDir, llm, appVersion: "test" });
  const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "你好" } });
  await waitForEvent(engine, sessionId, isTerminal);
  return { engine, sessionId, calls };
}

describe("documents.rewriteSelection", () => {
  it("streams the model's tokens on the session stream and answers the cleaned replacement", async () => {
    const { engine, sessionId, calls } = await engineWithSession(chunkLlm(["改写后：“本地模型", "让资料", "留在内网。”"]));
    const tokens: string[] = [];
    const unsubscribe = engine.subscribe(sessionId, 0, (e) => {
      if (e.type === "token" && e.step === "rewrite:rw-1") tokens.push(e.text);
    });
    const result = await engine.call("documents.rewriteSelection", { sessionId, rewriteId: "rw-1", action: "polish", text: "本地模型它可以让资料不出内网的。", before: "前文。", after: "后文。" });
    expect(result).toEqual({ rewriteId: "rw-1", replacement: "本地模型让资料留在内网。", stopReason: "eog" });
    // Events are persisted in batches: the tokens arrive shortly after the answer, in order.
    await expect.poll(() => tokens.join("")).toBe("改写后：“本地模型让资料留在内网。”");
    unsubscribe();
    // One role-locked call: the passage and its context are in the prompt, and the output is bounded.
    expect(calls).toHaveLength(1);
    expect(calls[0]!.system).toContain("只输出改写后的这段文字本身");
    expect(calls[0]!.prompt).toContain("原文：本地模型它可以让资料不出内网的。");
    expect(calls[0]!.prompt).toContain("前文（只作参考，不要输出）：前文。");
    expect(calls[0]!.maxTokens).toBeLessThanOrEqual(2048);
    // Nothing is stored by a rewrite: the document has no version from it.
    expect((await engine.call("documents.versions", { sessionId })).versions).toEqual([]);
  });

  it("refuses bad requests with a clear error and runs no model call", async () => {
    const { engine, sessionId, calls } = await engineWithSession(chunkLlm(["x"]));
    await expect(engine.call("documents.rewriteSelection", { sessionId, rewriteId: "rw-2", action: "custom", text: "一段话" })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("instruction") });
    await expect(engine.call("documents.rewriteSelection", { sessionId, rewriteId: "rw-3", action: "rewrite", text: "长".repeat(4001) })).rejects.toMatchObject({ code: "bad_request" });
    await expect(engine.call("documents.rewriteSelection", { sessionId, rewriteId: "bad id!", action: "rewrite", text: "一段话" })).rejects.toMatchObject({ code: "bad_request" });
    await expect(engine.call("documents.rewriteSelection", { sessionId: "nope", rewriteId: "rw-4", action: "rewrite", text: "一段话" })).rejects.toMatchObject({ code: "not_found" });
    expect(calls).toEqual([]);
  });

  it("refuses an empty answer instead of offering to delete the selection", async () => {
    const { engine, sessionId } = await engineWithSession(chunkLlm(["  ", "“”"]));
    await expect(engine.call("documents.rewriteSelection", { sessionId, rewriteId: "rw-5", action: "shorten", text: "一段很长的话。" })).rejects.toMatchObject({ code: "unavailable" });
  });

  it("stops at the next token when cancelled", async () => {
    const { engine, sessionId } = await engineWithSession(hangingLlm());
    const pending = engine.call("documents.rewriteSelection", { sessionId, rewriteId: "rw-6", action: "expand", text: "一段话。" });
    await new Promise((r) => setTimeout(r, 50));
    await engine.call("documents.cancelRewrite", { rewriteId: "rw-6" });
    await expect(pending).rejects.toMatchObject({ code: "aborted" });
  });
});

describe("rewrite prompts", () => {
  it("asks for the other language when translating and keeps citations", () => {
    const { prompt } = rewritePrompt({ action: "translate", text: "本地模型[m001]", before: "", after: "", locale: "zh", target: "en" });
    expect(prompt).toContain("翻译成英文");
    expect(prompt).toContain("[m001]");
  });
  it("strips prefaces, quotes and fences but keeps inner quotes", () => {
    expect(cleanRewrite("输出：「离线写作」")).toBe("离线写作");
    expect(cleanRewrite("“润色后：本地模型。”")).toBe("本地模型。");
    expect(cleanRewrite("```\n新的段落\n```")).toBe("新的段落");
    expect(cleanRewrite("“甲”和“乙”")).toBe("“甲”和“乙”");
  });
});
