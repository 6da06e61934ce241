import { describe, expect, it } from "vitest";
import type { TimelineEntry } from "../../store/sessionView.js";
import { upcomingSteps } from "./upcomingSteps.js";

const step = (id: string, seq: number) => ({ kind: "step", seq, step: id, agent: "writer", label: id, status: "done", startedAt: "", summary: null, durationMs: null }) as TimelineEntry;
const pause = (id: string, seq: number) => ({ kind: "pause", seq, pausePoint: id, allowedActions: [], context: {}, at: "", resolvedAction: null }) as unknown as TimelineEntry;

describe("upcomingSteps", () => {
  it("lists the planned steps after the furthest one reached, never moving back on loops, none once finished", () => {
    expect(upcomingSteps([], false).map((s) => s.id)[0]).toBe("intent_parser");
    const atPause1 = [step("intent_parser", 1), step("researcher_keywords", 2), step("researcher_search", 3), pause("material_confirm", 4)];
    expect(upcomingSteps(atPause1, false).map((s) => s.id)).toEqual(["writer_outline", "outline_confirm", "writer_draft", "draft_confirm", "editor", "finalize"]);
    // A re_search loops back to the search step: the mark stays at PAUSE-1.
    expect(upcomingSteps([...atPause1, step("researcher_search", 5)], false)[0]?.id).toBe("writer_outline");
    expect(upcomingSteps([...atPause1, pause("review_confirm", 9)], false).map((s) => s.id)).toEqual(["finalize"]);
    expect(upcomingSteps(atPause1, true)).toEqual([]);
  });
});
