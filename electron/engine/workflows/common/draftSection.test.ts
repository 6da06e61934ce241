import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generateWithContinuation, SECTION_MAX_CONTINUATIONS, type ContinuationStep } from "../../llm/generateWithContinuation.js";
import type { GenerateTextOptions, LlmClient } from "../../llm/LlmClient.js";
import { draftSection, endAtSentence, sectionCheckMark, sectionCutMark, sectionFallbackMark } from "./draftSection.js";

/** An LlmClient whose text calls run the real continuation loop over scripted backend steps. */
function scriptedSteps(steps: ContinuationStep[]): { llm: LlmClient; calls: GenerateTextOptions[] } {
  const calls: GenerateTextOptions[] = [];
  const llm = {
    id: "scripted-steps",
    generateText: (options: GenerateTextOptions) => {
      calls.push(options);
      return generateWithContinuation(options, () => {
        const next = steps.shift() ?? { added: "", stopReason: "eog" as const, tokens: 0 };
        options.onTextChunk?.(next.added);
        return Promise.resolve(next);
      });
    },
    generateStructured: () => Promise.reject(new Error("not scripted")),
  } as unknown as LlmClient;
  return { llm, calls };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "draft-section-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function run(llm: LlmClient, events: Array<Record<string, unknown>>) {
  const config = { writer: (event: Record<string, unknown>) => events.push(event) } as unknown as LangGraphRunnableConfig;
  return draftSection(llm, { index: 2, cacheDir: dir, keyInputs: { k: Math.random() }, prompt: { system: "s", prompt: "p" }, maxTokens: 50, tag: { role: "writer", step: "section" }, finish: (t) => t }, config);
}

describe("draftSection's continuation (brief §4.4.2)", () => {
  it("continues a section cut mid-sentence until it ends one, asking for the section cap", async () => {
    const { llm, calls } = scriptedSteps([{ added: "第一段写到一半", stopReason: "eog", tokens: 5 }, { added: "，现在写完了。", stopReason: "eog", tokens: 5 }]);
    const events: Array<Record<string, unknown>> = [];
    expect(await run(llm, events)).toBe("第一段写到一半，现在写完了。");
    expect(calls[0]).toMatchObject({ maxContinuations: SECTION_MAX_CONTINUATIONS, continueUntilSentenceEnd: true });
    expect(events.some((e) => e.type === "section_truncated")).toBe(false);
  });

  it("marks a section still cut after the cap, visibly and with an event", async () => {
    const steps = Array.from({ length: SECTION_MAX_CONTINUATIONS + 1 }, (_, i) => ({ added: `片段${i}`, stopReason: "maxTokens" as const, tokens: 50 }));
    const { llm } = scriptedSteps(steps);
    const events: Array<Record<string, unknown>> = [];
    const text = await run(llm, events);
    expect(text.startsWith("片段0片段1")).toBe(true);
    expect(text.trimEnd().endsWith(sectionCutMark(SECTION_MAX_CONTINUATIONS))).toBe(true);
    expect(events).toContainEqual({ type: "section_truncated", sectionIndex: 2, continuations: SECTION_MAX_CONTINUATIONS });
    // The streamed chunks show the mark too, so the editor matches the stored text.
    expect(events.filter((e) => e.type === "draft_chunk").map((e) => e.text).join("")).toContain(sectionCutMark(SECTION_MAX_CONTINUATIONS));
  });
});

describe("draftSection with a target length", () => {
  function runWithTarget(llm: LlmClient, events: Array<Record<string, unknown>>, targetWords: number) {
    const config = { writer: (event: Record<string, unknown>) => events.push(event) } as unknown as LangGraphRunnableConfig;
    return draftSection(llm, { index: 0, cacheDir: dir, keyInputs: { k: Math.random() }, prompt: { system: "s", prompt: "p" }, maxTokens: 50, targetWords, tag: { role: "writer", step: "section" }, finish: (t) => t }, config);
  }

  it("does not continue a cut section that reached its length, and ends it at its last sentence, unmarked", async () => {
    const { llm, calls } = scriptedSteps([{ added: "河流塑造了城市。河流带来了贸易。河流还", stopReason: "maxTokens", tokens: 50 }, { added: "不该被用到。", stopReason: "eog", tokens: 5 }]);
    const events: Array<Record<string, unknown>> = [];
    expect(await runWithTarget(llm, events, 10)).toBe("河流塑造了城市。河流带来了贸易。");
    expect(calls).toHaveLength(1);
    expect(events.some((e) => e.type === "section_truncated")).toBe(false);
  });

  it("continues a cut section still short of its length", async () => {
    const { llm } = scriptedSteps([{ added: "河流塑造", stopReason: "maxTokens", tokens: 50 }, { added: "了城市。", stopReason: "eog", tokens: 5 }]);
    expect(await runWithTarget(llm, [], 100)).toBe("河流塑造了城市。");
  });

  it("marks a long section with no finished sentence in its first half as cut", async () => {
    const { llm } = scriptedSteps([{ added: "河".repeat(30), stopReason: "maxTokens", tokens: 50 }]);
    const events: Array<Record<string, unknown>> = [];
    expect(await runWithTarget(llm, events, 20)).toContain(sectionCutMark(0));
    expect(events.some((e) => e.type === "section_truncated")).toBe(true);
  });
});

describe("endAtSentence", () => {
  it("keeps the text up to its last finished sentence when that is long enough", () => {
    expect(endAtSentence("One. Two. Thr", 2)).toBe("One. Two.");
    expect(endAtSentence("One. Two. Thr", 3)).toBeNull();
    expect(endAtSentence("no ending here", 1)).toBeNull();
  });
});

describe("draftSection with a check", () => {
  function runChecked(llm: LlmClient, events: Array<Record<string, unknown>>, fallback?: (problem: string) => string | null) {
    const config = { writer: (event: Record<string, unknown>) => events.push(event) } as unknown as LangGraphRunnableConfig;
    const check = (t: string) => (t.includes("bad") ? "wrong" : null);
    return draftSection(
      llm,
      { index: 1, cacheDir: dir, keyInputs: { k: Math.random() }, prompt: { system: "s", prompt: "p" }, maxTokens: 50, check, ...(fallback ? { fallback } : {}), tag: { role: "writer", step: "section" }, finish: (t) => t },
      config,
    );
  }

  it("writes a section that fails its check once more, and tells the stream to start the section over", async () => {
    const { llm, calls } = scriptedSteps([{ added: "bad text.", stopReason: "eog", tokens: 5 }, { added: "good text.", stopReason: "eog", tokens: 5 }]);
    const events: Array<Record<string, unknown>> = [];
    expect(await runChecked(llm, events)).toBe("good text.");
    expect(calls).toHaveLength(2);
    const restart = events.findIndex((e) => e.restart === true);
    expect(restart).toBeGreaterThan(0);
    expect(events.slice(restart + 1).filter((e) => e.type === "draft_chunk").map((e) => e.text).join("")).toBe("good text.");
  });

  it("keeps a section that fails twice with a visible mark, never as done", async () => {
    const { llm } = scriptedSteps([{ added: "bad one.", stopReason: "eog", tokens: 5 }, { added: "bad two.", stopReason: "eog", tokens: 5 }]);
    expect(await runChecked(llm, [])).toBe(`bad two.\n\n${sectionCheckMark("wrong")}\n`);
  });

  it("replaces a section that fails twice by its fallback, marked, and withdraws the streamed text", async () => {
    const { llm } = scriptedSteps([{ added: "bad one.", stopReason: "eog", tokens: 5 }, { added: "bad two.", stopReason: "eog", tokens: 5 }]);
    const events: Array<Record<string, unknown>> = [];
    const text = await runChecked(llm, events, (problem) => `source sentence (${problem}).`);
    expect(text).toBe(`source sentence (wrong).\n\n${sectionFallbackMark("wrong")}\n`);
    const restart = events.findLastIndex((e) => e.restart === true);
    expect(events.slice(restart + 1).map((e) => e.text).join("")).toBe(text);
  });

  it("replaces a text that failed its check even when it was also cut", async () => {
    // Every step is cut: both writings end still cut, and both fail the check.
    const { llm } = scriptedSteps(Array.from({ length: 40 }, () => ({ added: " bad", stopReason: "maxTokens" as const, tokens: 50 })));
    expect(await runChecked(llm, [], () => "source.")).toBe(`source.\n\n${sectionFallbackMark("wrong")}\n`);
  });

  it("keeps the marked model text when the fallback has nothing", async () => {
    const { llm } = scriptedSteps([{ added: "bad one.", stopReason: "eog", tokens: 5 }, { added: "bad two.", stopReason: "eog", tokens: 5 }]);
    expect(await runChecked(llm, [], () => null)).toBe(`bad two.\n\n${sectionCheckMark("wrong")}\n`);
  });
});
