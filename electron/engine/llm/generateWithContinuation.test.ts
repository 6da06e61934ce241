import { describe, expect, it } from "vitest";
import { endsSentence, generateWithContinuation, isCut, type ContinuationStep } from "./generateWithContinuation.js";

/** A backend scripted step by step; records the prefix each step was given. */
function scripted(steps: ContinuationStep[]) {
  const prefixes: string[] = [];
  const step = (prefix: string): Promise<ContinuationStep> => {
    prefixes.push(prefix);
    const next = steps.shift();
    if (!next) throw new Error("no more scripted steps");
    return Promise.resolve(next);
  };
  return { step, prefixes };
}
const s = (added: string, stopReason: ContinuationStep["stopReason"] = "eog"): ContinuationStep => ({ added, stopReason, tokens: 3 });

describe("endsSentence", () => {
  it("knows the brief's endings, CJK and Latin, a closing fence and >", () => {
    for (const text of ["好。", "好！", "好？", "Done.", "Go!", "Why?", "```js\nx\n```", "> quote >", "他说：“好。”  \n", "(see above.)"]) {
      expect(endsSentence(text), text).toBe(true);
    }
    for (const text of ["我们认为", "and then the", "列表：", "x,", ""]) expect(endsSentence(text), text).toBe(false);
  });

  it("calls a reply cut on maxTokens, or mid-sentence only when asked", () => {
    expect(isCut("完整。", "maxTokens", false)).toBe(true);
    expect(isCut("半句", "eog", false)).toBe(false);
    expect(isCut("半句", "eog", true)).toBe(true);
    expect(isCut("半句", "abort", true)).toBe(false);
    expect(isCut("", "eog", true)).toBe(false);
  });
});

describe("generateWithContinuation", () => {
  it("continues a maxTokens cut from the text so far, then stops on a finished sentence", async () => {
    const { step, prefixes } = scripted([s("第一部分", "maxTokens"), s("第二部分", "maxTokens"), s("结束。")]);
    const result = await generateWithContinuation({ prompt: "p", maxContinuations: 5 }, step);
    expect(result).toMatchObject({ text: "第一部分第二部分结束。", stopReason: "eog", continuations: 2, truncated: false, tokens: 9 });
    expect(prefixes).toEqual(["", "第一部分", "第一部分第二部分"]);
  });

  it("with continueUntilSentenceEnd, continues a reply that stopped mid-sentence", async () => {
    const { step } = scripted([s("The model stopped at"), s(" the end.")]);
    const result = await generateWithContinuation({ prompt: "p", maxContinuations: 3, continueUntilSentenceEnd: true }, step);
    expect(result).toMatchObject({ text: "The model stopped at the end.", continuations: 1, truncated: false });
  });

  it("without it, keeps a mid-sentence eog as it is (chat, rewrite)", async () => {
    const { step } = scripted([s("a title without a period")]);
    expect(await generateWithContinuation({ prompt: "p" }, step)).toMatchObject({ continuations: 0, truncated: false });
  });

  it("stops at the cap and reports the reply as still truncated", async () => {
    const { step, prefixes } = scripted([s("a", "maxTokens"), s("b", "maxTokens"), s("c", "maxTokens")]);
    const result = await generateWithContinuation({ prompt: "p", maxContinuations: 2 }, step);
    expect(result).toMatchObject({ text: "abc", stopReason: "maxTokens", continuations: 2, truncated: true });
    expect(prefixes).toHaveLength(3);
  });

  it("ends the loop when a continuation adds nothing, still marked truncated", async () => {
    const { step } = scripted([s("半句"), s(""), s("never asked。")]);
    const result = await generateWithContinuation({ prompt: "p", maxContinuations: 8, continueUntilSentenceEnd: true }, step);
    expect(result).toMatchObject({ text: "半句", continuations: 1, truncated: true });
  });

  it("never continues after an abort, and does not call it truncated", async () => {
    const controller = new AbortController();
    const step = (): Promise<ContinuationStep> => {
      controller.abort();
      return Promise.resolve(s("partial", "maxTokens"));
    };
    const result = await generateWithContinuation({ prompt: "p", signal: controller.signal, maxContinuations: 5 }, step);
    expect(result).toMatchObject({ text: "partial", stopReason: "abort", continuations: 0, truncated: false });
  });
});

describe("generateWithContinuation on a looping reply", () => {
  // The real tier's Gemma 3 270M base wrote this line to maxTokens, eight continuations long (9 000+ characters).
  const line = (n: number) => `- 缓存服务（部署说明）：使用 docker compose up --publish . -d in my/mybucket.com/my_project/repo/data/my_data_1650${n}.png (需要指定缓存服务版本和端口) 在docker run 上运行。默认情况下，启动 2 次（404）；\n\n`;
  const loop = Array.from({ length: 12 }, (_, i) => line(3879980 + (i % 3))).join("");
  const prose = "Local models keep drafts inside the company network. Retrieval mixes vectors with full text, and the editor checks each claim against the approved sources before anything is published. ";

  it("stops continuing when the reply's end repeats itself, and says it is still cut", async () => {
    const { step, prefixes } = scripted([s(loop, "maxTokens"), s("more", "maxTokens")]);
    const result = await generateWithContinuation({ prompt: "p", maxContinuations: 8, continueUntilSentenceEnd: true }, step);
    expect(prefixes).toHaveLength(1);
    expect(result).toMatchObject({ continuations: 0, truncated: true });
  });

  it("still continues ordinary prose cut by maxTokens", async () => {
    const { step } = scripted([s(prose.replace(/\.\s*$/, " and"), "maxTokens"), s(" done.")]);
    const result = await generateWithContinuation({ prompt: "p", maxContinuations: 8 }, step);
    expect(result).toMatchObject({ continuations: 1, truncated: false });
  });
});

describe("generateWithContinuation with enough", () => {
  it("does not continue a cut reply the caller calls long enough; it stays truncated", async () => {
    const { step, prefixes } = scripted([s("long enough", "maxTokens"), s(" more", "maxTokens")]);
    const result = await generateWithContinuation({ prompt: "p", maxContinuations: 5, enough: (t) => t.length >= 5 }, step);
    expect(result).toMatchObject({ text: "long enough", continuations: 0, truncated: true });
    expect(prefixes).toEqual([""]);
  });

  it("continues while the reply is short of it", async () => {
    const { step } = scripted([s("ab", "maxTokens"), s("cdef.", "eog")]);
    const result = await generateWithContinuation({ prompt: "p", maxContinuations: 5, enough: (t) => t.length >= 5 }, step);
    expect(result).toMatchObject({ text: "abcdef.", continuations: 1, truncated: false });
  });
});
