import { describe, expect, it } from "vitest";
import { repeatsItself, withoutRepeats } from "./withoutRepeats.js";

describe("withoutRepeats", () => {
  it("keeps a reply that never repeats itself as it is", () => {
    const text = "The model uses eight experts [p.3]. Each token goes to two of them.\n\nTraining took 3.5 days.";
    expect(withoutRepeats(text)).toEqual({ text, removed: 0 });
    expect(repeatsItself(text)).toBe(false);
  });

  it("removes a paragraph repeated with other citations, so it is shown once", () => {
    const paragraph = "该方法把每个词元路由到两个专家，显著降低了计算成本。";
    const text = [`${paragraph}[p.2]`, `${paragraph}[p.5]`, `${paragraph}[p.7]`].join("\n\n");
    const cut = withoutRepeats(text);
    expect(cut.removed).toBe(2);
    expect(cut.text).toBe(`${paragraph}[p.2]`);
  });

  it("removes a sentence repeated inside one line and a segment that loops on itself", () => {
    const cut = withoutRepeats("The routing is sparse. The cost drops by half. The routing is sparse. own own own own own own own own own own own own own own own own");
    expect(cut.removed).toBe(2);
    expect(cut.text).toBe("The routing is sparse. The cost drops by half.");
  });

  it("leaves short repeats (list markers, 'Yes.') and a repeated number alone", () => {
    const text = "- Yes.\n- Yes.\n- 3.5%\n- 3.5%";
    expect(withoutRepeats(text).removed).toBe(0);
  });
});

describe("withoutRepeats on a reply stopped inside a loop", () => {
  it("drops the last fragment that starts a sentence said before, only when told the reply was stopped", () => {
    const text = "The routing is sparse and cheap. The routing is spa";
    expect(withoutRepeats(text, { stoppedInLoop: true })).toEqual({ text: "The routing is sparse and cheap.", removed: 1 });
    expect(repeatsItself(text)).toBe(false);
  });
});
