import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAPER_INTENTS } from "../../../../shared/workflows/paper.js";
import { ROUTER_EXAMPLES, routerPrompt } from "./routerPrompt.js";

const HAN = /\p{Script=Han}/u;

function evalQueries(file: string): string[] {
  return fs
    .readFileSync(path.join(import.meta.dirname, "../../../../bench/eval/sets", file), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { q: string }).q);
}

describe("routerPrompt", () => {
  it("shows a zh and an en example for every intent, none taken from the eval's routing sets", () => {
    for (const intent of PAPER_INTENTS) {
      const examples = ROUTER_EXAMPLES.filter((e) => e.intent === intent);
      expect(
        examples.some((e) => HAN.test(e.q)),
        intent,
      ).toBe(true);
      expect(
        examples.some((e) => !HAN.test(e.q)),
        intent,
      ).toBe(true);
    }
    const measured = new Set([...evalQueries("router.jsonl"), ...evalQueries("router-paraphrase.jsonl")]);
    expect(ROUTER_EXAMPLES.filter((e) => measured.has(e.q))).toEqual([]);
  });

  it("renders the examples one intent after another, then the question, in the question's locale", () => {
    const { system, prompt } = routerPrompt("en", "Should I trust table 3?", "", 2);
    expect(system).toContain("literature_review=");
    expect(prompt.trim().endsWith("Question: Should I trust table 3?")).toBe(true);
    expect(prompt).toContain("Papers selected: 2");
    const shown = [...prompt.matchAll(/"intent":"(\w+)"/g)].map((m) => m[1]);
    expect(shown.slice(0, PAPER_INTENTS.length)).toEqual([...new Set(ROUTER_EXAMPLES.map((e) => e.intent))]);
    expect(shown).toHaveLength(ROUTER_EXAMPLES.length);
    const zh = routerPrompt("zh", "这篇靠谱吗？", "第二段", 1);
    expect(zh.prompt).toContain("选中文字：第二段");
    expect(zh.prompt.trim().endsWith("问题：这篇靠谱吗？")).toBe(true);
  });

  it("two questions, with or without a selection, differ only after the examples: the kept prefix holds the system prompt and every example", () => {
    const first = routerPrompt("en", "Should I trust table 3?", "", 1);
    const second = routerPrompt("en", "What GPUs did they use?", "the second paragraph", 1);
    expect(second.system).toBe(first.system);
    let shared = 0;
    while (shared < first.prompt.length && first.prompt[shared] === second.prompt[shared]) shared++;
    const lastExample = ROUTER_EXAMPLES.map((e) => e.q).find(
      (q) => first.prompt.lastIndexOf(q) === Math.max(...ROUTER_EXAMPLES.map((x) => first.prompt.lastIndexOf(x.q))),
    )!;
    expect(shared).toBeGreaterThan(first.prompt.lastIndexOf(lastExample) + lastExample.length);
  });
});
