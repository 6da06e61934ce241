import { describe, expect, it } from "vitest";
import type { EngineEvent, EventDraft } from "../../shared/events.js";
import { applyEvents } from "./applyEvent.js";
import { emptySessionView, type StepEntry } from "./sessionView.js";
import { stepSecondsLeft } from "./stepSecondsLeft.js";

function log(drafts: EventDraft[]): EngineEvent[] {
  return drafts.map((draft, i) => ({ ...draft, seq: i + 1, sessionId: "s1", ts: new Date(Date.parse("2025-01-01T00:00:00Z") + i * 500).toISOString() }) as EngineEvent);
}

const steps = (events: EngineEvent[]) => applyEvents(emptySessionView(), events).timeline.filter((e): e is StepEntry => e.kind === "step");

describe("a running step's tokens in the timeline", () => {
  it("step_tokens goes to the running entry of its own step, the latest count wins, and the time left follows budget and rate", () => {
    const timeline = steps(
      log([
        { type: "connected", workflow: "docgen" },
        { type: "step_start", step: "review_a", agent: "editor", label: "A" },
        { type: "step_start", step: "review_b", agent: "editor", label: "B" },
        { type: "step_tokens", step: "review_a", tokens: 0, elapsedMs: 0, tokensPerSecond: 0, maxTokens: 300 },
        { type: "step_tokens", step: "review_a", tokens: 50, elapsedMs: 5000, tokensPerSecond: 10, maxTokens: 300, remainingMs: 25_000 },
      ]),
    );
    expect(timeline.find((s) => s.step === "review_a")?.tokens).toEqual({ count: 50, tokensPerSecond: 10, maxTokens: 300 });
    expect(timeline.find((s) => s.step === "review_b")?.tokens).toBeUndefined();
    expect(stepSecondsLeft({ count: 50, tokensPerSecond: 10, maxTokens: 300 })).toBe(25);
  });

  it("no time left without a budget, without a rate, or past the budget; a finished step takes no more counts", () => {
    expect(stepSecondsLeft({ count: 10, tokensPerSecond: 5 })).toBeNull();
    expect(stepSecondsLeft({ count: 0, tokensPerSecond: 0, maxTokens: 100 })).toBeNull();
    expect(stepSecondsLeft({ count: 120, tokensPerSecond: 40, maxTokens: 100 })).toBeNull();
    const timeline = steps(
      log([
        { type: "connected", workflow: "chat" },
        { type: "step_start", step: "reply", agent: "writer", label: "Reply" },
        { type: "step_done", step: "reply", agent: "writer", summary: "3 tokens", durationMs: 10 },
        { type: "step_tokens", step: "reply", tokens: 3, elapsedMs: 10, tokensPerSecond: 300 },
      ]),
    );
    expect(timeline[0]?.tokens).toBeUndefined();
  });
});
