import { describe, expect, it } from "vitest";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ScriptedLlm } from "../../testing/ScriptedLlm.js";
import { guardedText } from "./guardedText.js";

const LOOP = "该方法把每个词元路由到两个专家，显著降低了计算成本。\n\n".repeat(30);
const CLEAN = "该方法把每个词元路由到两个专家 [p.3]。训练用了 3.5 天 [p.4]。";
const configWith = (events: unknown[], signal?: AbortSignal): LangGraphRunnableConfig => ({
  writer: (e: unknown) => events.push(e),
  ...(signal ? { signal } : {}),
});
const ask = { prompt: "q", tag: { role: "paper", step: "chat" } };

describe("guardedText", () => {
  it("passes a reply that does not loop through with one call", async () => {
    const llm = new ScriptedLlm({ replies: { "paper.chat": CLEAN } });
    const out = await guardedText(llm, configWith([]), ask);
    expect(out).toMatchObject({ text: CLEAN, looped: false, usable: true });
    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]!.options).not.toHaveProperty("avoidRepeats");
  });

  it("stops a looping reply early and retries once with avoidRepeats; the retry is what is kept", async () => {
    const events: Array<{ text?: string }> = [];
    const llm = new ScriptedLlm({ replies: { "paper.chat": [LOOP, CLEAN] }, chunkSize: 8 });
    const out = await guardedText(llm, configWith(events), ask);
    expect(out).toMatchObject({ text: CLEAN, looped: true, usable: true });
    expect(llm.calls.map((c) => (c.options as { avoidRepeats?: boolean }).avoidRepeats)).toEqual([undefined, true]);
    // Stopped at the first repeats, not streamed to the end of the loop.
    const firstStreamed = events.map((e) => e.text ?? "").join("").length - CLEAN.length;
    expect(firstStreamed).toBeLessThan(LOOP.length / 4);
  });

  it("marks the text unusable when the retry loops too, and never returns a repeated paragraph", async () => {
    const llm = new ScriptedLlm({ replies: { "paper.chat": [LOOP, LOOP] } });
    const out = await guardedText(llm, configWith([]), ask);
    expect(out.usable).toBe(false);
    expect(out.looped).toBe(true);
    expect(out.text).toBe("该方法把每个词元路由到两个专家，显著降低了计算成本。");
    expect(llm.calls).toHaveLength(2);
  });

  it("with retryLoop false makes one call: a looping reply comes back unusable, cut of its repeats", async () => {
    const llm = new ScriptedLlm({ replies: { "paper.chat": [LOOP, CLEAN] } });
    const out = await guardedText(llm, configWith([]), ask, () => null, { retryLoop: false });
    expect(out).toMatchObject({ looped: true, usable: false, text: "该方法把每个词元路由到两个专家，显著降低了计算成本。" });
    expect(llm.calls).toHaveLength(1);
  });

  it("stops generating once doneWhen holds, without calling it a loop", async () => {
    const events: Array<{ text?: string }> = [];
    const llm = new ScriptedLlm({ replies: { "paper.chat": `${CLEAN}\n\nQuestion: and then what? ${"x".repeat(400)}` }, chunkSize: 8 });
    const out = await guardedText(llm, configWith(events), ask, undefined, { doneWhen: (text) => /\S\s*\n\s*\n/.test(text) });
    expect(out).toMatchObject({ looped: false, usable: true });
    expect(out.text.startsWith(CLEAN)).toBe(true);
    expect(out.text).not.toContain("xxxx");
    expect(llm.calls).toHaveLength(1);
  });

  it("ends as aborted when the run is cancelled, without a retry", async () => {
    const controller = new AbortController();
    const llm = new ScriptedLlm({ replies: { "paper.chat": CLEAN }, chunkSize: 2, chunkDelayMs: 5 });
    const events: unknown[] = [];
    const running = guardedText(llm, { writer: () => (events.push(1), events.length === 3 && controller.abort()), signal: controller.signal }, ask);
    await expect(running).rejects.toMatchObject({ name: expect.stringMatching(/Abort|Scriptorium/) });
    expect(llm.calls).toHaveLength(1);
  });
});
