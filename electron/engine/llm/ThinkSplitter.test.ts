import { describe, expect, it } from "vitest";
import { splitThoughts, ThinkSplitter } from "./ThinkSplitter.js";

/** Feed `chunks` one by one; the answer and thought as a consumer would assemble them. */
function stream(chunks: string[]): { answer: string; thought: string; streamed: string[]; retracted: boolean } {
  const splitter = new ThinkSplitter();
  let answer = "";
  let thought = "";
  let retracted = false;
  const streamed: string[] = [];
  for (const piece of [...chunks.map((chunk) => splitter.push(chunk)), splitter.flush()]) {
    if (piece.retract) {
      retracted = true;
      answer = "";
    }
    answer += piece.answer;
    thought += piece.thought;
    if (piece.answer) streamed.push(piece.answer);
  }
  return { answer, thought, streamed, retracted };
}

describe("ThinkSplitter", () => {
  it("takes an inline thought out of the answer", () => {
    expect(splitThoughts("<think>\nplan the reply\n</think>\n\nThe answer.")).toEqual({ answer: "The answer.", thought: "\nplan the reply\n" });
  });

  it("keeps tags split across chunks out of the answer, at every split point", () => {
    const whole = "<think>秘密的思考 secret</think>\n\n答案是四十二。";
    for (let a = 1; a < whole.length; a++) {
      for (const b of [a + 1, a + 3, a + 9]) {
        if (b >= whole.length) continue;
        const result = stream([whole.slice(0, a), whole.slice(a, b), whole.slice(b)]);
        expect(result.answer, `split at ${a}/${b}`).toBe("答案是四十二。");
        expect(result.thought).toBe("秘密的思考 secret");
        for (const piece of result.streamed) expect(piece).not.toMatch(/think|秘密|secret/);
      }
    }
  });

  it("streams an answer without tags as it comes, holding back only what could open a tag", () => {
    const splitter = new ThinkSplitter();
    expect(splitter.push("Hello wor").answer).toBe("Hello wor");
    expect(splitter.push("ld <th").answer).toBe("ld ");
    expect(splitter.push("is is a tag?").answer).toBe("<this is a tag?");
    expect(splitter.flush().answer).toBe("");
  });

  it("reads text before a bare </think> as a thought (DeepSeek-R1 opens it in the prompt) and says the answer so far is retracted", () => {
    const result = stream(["Let me think", " about it.</th", "ink>\n\nFinal."]);
    expect(result.answer).toBe("Final.");
    expect(result.thought).toBe("Let me think about it.");
    expect(result.retracted).toBe(true);
  });

  it("keeps an unclosed thought as a thought at the end of the stream", () => {
    expect(stream(["<think>still thinking when the budget ran", " out"])).toMatchObject({ answer: "", thought: "still thinking when the budget ran out" });
  });

  it("leaves a later </think> in the answer once a thought was closed", () => {
    expect(splitThoughts("<think>a</think>Use the </think> tag.")).toEqual({ answer: "Use the </think> tag.", thought: "a" });
  });
});
