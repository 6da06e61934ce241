import { describe, expect, it } from "vitest";
import { keywordIntent } from "./keywordIntent.js";

// Phrasings written for this test, not taken from the eval set (bench/eval/sets/router.jsonl).
describe("keywordIntent: questions that name their intent skip the model router", () => {
  it.each([
    ["请把引言翻译成英文", "translate"],
    ["Could you translate table 1's caption?", "translate"],
    ["围绕这三篇论文写一段研究现状", "literature_review"],
    ["Give me a short survey of these papers", "literature_review"],
    ["还有哪些论文值得读？", "recommend"],
    ["Recommend follow-up papers on sparse attention", "recommend"],
    ["请精读第四节", "deep_read"],
    ["An in-depth reading of the paper, please", "deep_read"],
    ["抽取文中出现的所有数据集名称", "extract"],
    ["Tabulate the reported F1 scores", "extract"],
    ["这项工作有哪些不足之处？", "critical"],
    ["What are the main limitations of the study?", "critical"],
  ] as const)("%s → %s", (question, intent) => {
    expect(keywordIntent(question)).toBe(intent);
  });

  it.each(["作者用了多大的批量？", "What optimizer was used?", "第 5 页的图说明了什么？", "How does the gating module work?", "表 4 里最好的结果是多少？"])("a plain question names no intent: %s", (question) => {
    expect(keywordIntent(question)).toBeNull();
  });
});
