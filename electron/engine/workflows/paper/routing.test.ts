import { describe, expect, it } from "vitest";
import { parseIntentLenient, routeAfterCheck, routeAfterPause, routeToAgent } from "./routing.js";

describe("paper routing", () => {
  it("parses a router reply layer by layer: JSON, the intent pattern, the first intent name, then chat", () => {
    expect(parseIntentLenient('{"intent":"extract","reason":"提取"}')).toEqual({ intent: "extract", layer: "json" });
    expect(parseIntentLenient('```json\n{"intent": "translate", "reason": "翻译"}\n```')).toEqual({ intent: "translate", layer: "json" });
    // Broken JSON with a valid intent pair: the regex layer.
    expect(parseIntentLenient('{"intent": "critical", "reason": 批判 ...')).toEqual({ intent: "critical", layer: "regex" });
    // JSON whose intent is not one of the seven falls through to the names in the text.
    expect(parseIntentLenient('{"intent":"summary"} maybe deep_read or chat')).toEqual({ intent: "deep_read", layer: "name" });
    expect(parseIntentLenient("This calls for a literature_review, not recommend.")).toEqual({ intent: "literature_review", layer: "name" });
    expect(parseIntentLenient("我不确定")).toEqual({ intent: "chat", layer: "fallback" });
    expect(parseIntentLenient("")).toEqual({ intent: "chat", layer: "fallback" });
  });

  it("sends every intent to its agent and anything else to chat", () => {
    expect(routeToAgent({ intent: "deep_read" })).toBe("extraction");
    expect(routeToAgent({ intent: "recommend" })).toBe("recommend");
    expect(routeToAgent({ intent: "" })).toBe("chat");
    expect(routeToAgent({ intent: "nonsense" as never })).toBe("chat");
  });

  it("leaves the hallucination loop unless a retry is within the cap, and ends on anything but ask", () => {
    expect(routeAfterCheck({ hallucination_check: "retry", halluc_iteration: 1, max_halluc_iterations: 2 })).toBe("synthesis");
    expect(routeAfterCheck({ hallucination_check: "retry", halluc_iteration: 3, max_halluc_iterations: 2 })).toBe("questioner");
    expect(routeAfterCheck({ hallucination_check: "pass", halluc_iteration: 0, max_halluc_iterations: 2 })).toBe("questioner");
    expect(routeAfterCheck({ hallucination_check: "", halluc_iteration: 0, max_halluc_iterations: 2 })).toBe("questioner");
    expect(routeAfterPause({ resume: { pause: "await_question", payload: { action: "ask" } } })).toBe("take_question");
    expect(routeAfterPause({ resume: { pause: "await_question", payload: { action: "end" } } })).toBe("__end__");
    expect(routeAfterPause({ resume: null })).toBe("__end__");
  });
});
