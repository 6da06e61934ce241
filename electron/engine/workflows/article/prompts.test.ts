import { describe, expect, it } from "vitest";
import { reviewPrompt, sectionPrompt, type SectionPromptInput } from "./prompts.js";

/** Characters two strings share from the start. */
function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}

const base: SectionPromptInput = {
  articleTitle: "Writing with local models",
  sectionTitle: "Why",
  keyPoints: ["cost"],
  materials: ["[m001] survey", "[m002] memory traffic"],
  length: 200,
  index: 0,
  total: 3,
};

// Stable first: the KV cache of a sequence is reused up to the first differing token, so what
// several calls share must come before each call's own part.
describe("article prompts are ordered stable first", () => {
  for (const locale of ["en", "zh"] as const) {
    it(`${locale}: two sections on the same materials differ only after the materials`, () => {
      const a = sectionPrompt(locale, base);
      const b = sectionPrompt(locale, { ...base, sectionTitle: "How", keyPoints: ["speed"], index: 1 });
      expect(b.system).toBe(a.system);
      const materialsEnd = a.prompt.indexOf("[m002] memory traffic") + "[m002] memory traffic".length;
      expect(sharedPrefix(a.prompt, b.prompt)).toBeGreaterThanOrEqual(materialsEnd);
    });

    it(`${locale}: the aspect reviews of one draft share the system prompt and the draft`, () => {
      const draft = "## Why\nBecause it is cheaper.\n\n## How\nWith 8-bit weights.";
      const [facts, logic, language] = (["facts", "logic", "language"] as const).map((aspect) => reviewPrompt(locale, aspect, draft, []));
      expect(new Set([facts!.system, logic!.system, language!.system]).size).toBe(1);
      const draftEnd = logic!.prompt.indexOf(draft) + draft.length;
      expect(logic!.prompt.indexOf(draft)).toBeLessThan(20);
      expect(sharedPrefix(logic!.prompt, language!.prompt)).toBeGreaterThanOrEqual(draftEnd);
      expect(sharedPrefix(facts!.prompt, logic!.prompt)).toBeGreaterThanOrEqual(draftEnd);
      // Only the aspect differs between the two reviews without materials: it comes last.
      const aspectAt = language!.prompt.lastIndexOf("\n\n") + 2;
      expect(sharedPrefix(logic!.prompt, language!.prompt)).toBeGreaterThanOrEqual(aspectAt - 2);
    });
  }
});
