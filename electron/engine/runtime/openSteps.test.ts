import { describe, expect, it } from "vitest";
import type { EngineEvent, EventDraft } from "../../../shared/events.js";
import { openSteps } from "./openSteps.js";

const log = (drafts: EventDraft[]): EngineEvent[] => drafts.map((d, i) => ({ ...d, seq: i + 1, sessionId: "s", ts: new Date(i * 1000).toISOString() }) as EngineEvent);

describe("openSteps", () => {
  it("lists the starts a killed run left without a done: parallel ones, a repeated step's latest", () => {
    const open = openSteps(
      log([
        { type: "connected", workflow: "article" },
        { type: "step_start", step: "outline", agent: "writer", label: "a" },
        { type: "step_done", step: "outline", agent: "writer", summary: "ok", durationMs: 1 },
        { type: "step_start", step: "section", agent: "writer", label: "1" },
        { type: "step_start", step: "section", agent: "writer", label: "2" },
        { type: "step_done", step: "section", agent: "writer", summary: "ok", durationMs: 1 },
        { type: "step_start", step: "links", agent: "system", label: "l" },
      ]),
    );
    expect(open.map((e) => [e.step, e.label])).toEqual([
      ["section", "1"],
      ["links", "l"],
    ]);
  });

  it("has nothing open after an error or an end", () => {
    expect(openSteps(log([{ type: "step_start", step: "x", agent: "system", label: "x" }, { type: "error", error: { code: "internal", message: "boom" } }]))).toEqual([]);
  });
});
