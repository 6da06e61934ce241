import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { createEngine } from "../createEngine.js";
import { isTerminal, tempDataDir, waitForEvent } from "../testing/engineTestKit.js";
import { ScriptedLlm } from "../testing/ScriptedLlm.js";
import { runInStepScope, type StepTokens } from "./sessionLlmScope.js";
import { STEP_TOKENS_EVERY_MS, StepTokenMeter, stepTokens } from "./StepTokenMeter.js";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const tally = (tokens: number, maxTokens: number) => ({ step: "a", report: () => undefined, tokens, maxTokens, firstCallAt: 0, lastReportAt: 0 });

describe("StepTokenMeter", () => {
  it("reports a step's tokens, rate, budget and time left on a clock it is given", async () => {
    let clock = 10_000;
    const llm = new ScriptedLlm({ replies: { "t.s": "abcdefghij" }, chunkSize: 1 });
    const meter = new StepTokenMeter(llm, () => clock);
    const reports: StepTokens[] = [];
    const chunks: string[] = [];
    await runInStepScope(
      "write",
      (r) => reports.push(r),
      () =>
        meter.generateText({
          prompt: "p",
          tag: { role: "t", step: "s" },
          maxTokens: 40,
          onTextChunk: (text) => {
            chunks.push(text);
            clock += STEP_TOKENS_EVERY_MS / 2;
          },
        }),
    );
    // The caller still gets every chunk.
    expect(chunks.join("")).toBe("abcdefghij");
    // First report at the call's start: the budget, nothing generated yet.
    expect(reports[0]).toMatchObject({ step: "write", tokens: 0, maxTokens: 40, tokensPerSecond: 0 });
    expect(reports[0]!.remainingMs).toBeUndefined();
    // Throttled to one a second of the given clock, plus the call's end.
    expect(reports.length).toBeGreaterThan(2);
    expect(reports.length).toBeLessThan(10);
    const last = reports.at(-1)!;
    expect(last.tokens).toBeGreaterThan(0);
    expect(last.elapsedMs).toBe(5000);
    expect(last.tokensPerSecond).toBeCloseTo(last.tokens / 5, 1);
    expect(last.remainingMs).toBe(Math.round(((40 - last.tokens) / (last.tokens / 5)) * 1000));
  });

  it("passes calls through outside a step", async () => {
    const reports: StepTokens[] = [];
    const meter = new StepTokenMeter(new ScriptedLlm({ replies: { "t.s": "hello" } }));
    // A step elsewhere counts only its own calls.
    await runInStepScope("other", (r) => reports.push(r), () => Promise.resolve());
    await meter.generateText({ prompt: "p", tag: { role: "t", step: "s" } });
    expect(reports).toEqual([]);
  });

  it("gives no time left without a rate or once the budget is spent", () => {
    expect(stepTokens(tally(0, 100), 0)).toEqual({ step: "a", tokens: 0, elapsedMs: 0, tokensPerSecond: 0, maxTokens: 100 });
    expect(stepTokens(tally(120, 100), 2000)).toEqual({
      step: "a",
      tokens: 120,
      elapsedMs: 2000,
      tokensPerSecond: 60,
      maxTokens: 100,
    });
    expect(stepTokens(tally(10, 0), 1000)).toEqual({ step: "a", tokens: 10, elapsedMs: 1000, tokensPerSecond: 10 });
  });

  it("puts step_tokens of the running step on a session's event stream, before its step_done", async () => {
    const dir = tempDataDir();
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const llm = new ScriptedLlm({ replies: { "chat.reply": "A reply that is streamed in several chunks." }, chunkSize: 4 });
    const engine = await createEngine({ dataDir: dir, llm, appVersion: "test" });
    cleanup.push(() => engine.dispose());
    const { sessionId } = await engine.call("run.start", { workflow: "chat", input: { prompt: "Write one line", maxTokens: 64 } });
    const events = await waitForEvent(engine, sessionId, isTerminal);
    const types = events.map((e) => e.type);
    const counted = events.filter((e) => e.type === "step_tokens");
    expect(counted.length).toBeGreaterThanOrEqual(2);
    expect(counted[0]).toMatchObject({ step: "reply", tokens: 0, maxTokens: 64 });
    expect(counted.at(-1)!.tokens).toBeGreaterThan(0);
    expect(types.indexOf("step_start")).toBeLessThan(types.indexOf("step_tokens"));
    expect(types.lastIndexOf("step_tokens")).toBeLessThan(types.indexOf("step_done"));
  });
});
