import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keywordIntent } from "./keywordIntent.js";

// Phrasings written for this test, not taken from the eval set (bench/eval/sets/router.jsonl).
describe("keywordIntent: questions that name their intent skip the model router", () => {
  it.each([
    ["请把引言翻译成英文", "translate"],
    ["Could you translate table 1's caption?", "translate"],
    ["围绕这三篇论文写一段研究现状", "literature_review"],
    ["推荐几篇这个方向的综述论文", "recommend"],
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

  // A topic word is not a request: papers about translation, extraction or recommender systems are asked plain questions.
  it.each([
    "这篇论文的翻译模型用了什么数据？",
    "What BLEU does the translation model reach?",
    "How do they extract features from the images?",
    "论文提取特征用的是什么网络？",
    "作者推荐的学习率是多少？",
    "What does the related work section say about RNNs?",
    "Which survey data did they collect?",
    "Does the paper discuss its limitations anywhere?",
    "The whole paper uses which optimizer?",
  ])("a topic word alone decides nothing: %s", (question) => {
    expect(keywordIntent(question)).toBeNull();
  });

  // Both labelled routing sets of the eval: a cue may decide a query, never send it to another intent.
  it.each(["router.jsonl", "router-paraphrase.jsonl"])("no cue misroutes a query of bench/eval/sets/%s", (file) => {
    const rows = fs
      .readFileSync(path.join(import.meta.dirname, "../../../../bench/eval/sets", file), "utf8")
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as { q: string; intent: string });
    expect(rows.length).toBeGreaterThanOrEqual(50);
    const misrouted = rows.map((r) => ({ ...r, cued: keywordIntent(r.q) })).filter((r) => r.cued !== null && r.cued !== r.intent);
    expect(misrouted).toEqual([]);
  });
});
