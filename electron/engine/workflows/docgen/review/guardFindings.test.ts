import { describe, expect, it } from "vitest";
import { REVIEW_EXAMPLE, REVIEW_PROMPT } from "../prompts.js";
import { reviewBudget, reviewResultSchema } from "../schemas.js";
import { draftSubjects } from "./draftSubjects.js";
import { echoTexts, isEcho } from "./echoTexts.js";
import { guardFindings } from "./guardFindings.js";
import type { ReviewViolation } from "./validateReviewResult.js";

const finding = (line: number, excerpt: string, comment = "口语化"): ReviewViolation => ({ rule_id: "6.6", line, excerpt, comment, source: "model" });
const schema = reviewResultSchema(["6.6"], 10, 4);
const references = echoTexts(schema, [REVIEW_EXAMPLE.zh.excerpt, REVIEW_EXAMPLE.zh.comment, REVIEW_EXAMPLE.en.excerpt, REVIEW_EXAMPLE.en.comment]);

describe("guardFindings: only findings that quote the draft and copy nothing reach the revise", () => {
  const draft = ["# 部署说明", "", "这个工具贼好用。", "", "运行 Docker 容器前先检查端口。"].join("\n");

  it("drops a finding whose excerpt is not in the draft, and one that quotes nothing", () => {
    const out = guardFindings([finding(3, "贼好用"), finding(3, "完全没有的句子"), finding(5, "")], draft, references);
    expect(out.kept.map((f) => f.line)).toEqual([3]);
    expect(out.ignored).toEqual({ quote: 2, echo: 0 });
  });

  it("matches the quote as the paper reader does: spacing around CJK and fullwidth forms do not count", () => {
    const out = guardFindings([finding(5, "运行Docker容器"), { ...finding(5, "检查端口"), rule_id: "6.3" }], draft, references);
    expect(out.kept).toHaveLength(2);
  });

  it("moves a drifted line number to the nearest line holding the excerpt, then de-duplicates", () => {
    const out = guardFindings([finding(1, "贼好用"), finding(5, "贼好用")], draft, references);
    expect(out.kept.map((f) => f.line)).toEqual([3]);
  });

  it("drops echoes of the schema's descriptions and of the example, in either language", () => {
    const echoes = [
      finding(2, "The 4-digit line number where the problem is…", "what is wrong and how to fix it"),
      finding(3, "贼好用", "What is wrong and how to fix it."),
      finding(5, "super handy", REVIEW_EXAMPLE.en.comment),
      finding(5, "Docker", "violations of the listed rules; empty when the draft follows them"),
    ];
    const out = guardFindings(echoes, draft, references);
    expect(out.kept).toEqual([]);
    expect(out.ignored).toEqual({ quote: 0, echo: 4 });
  });

  it("keeps the example's own case when the draft really has it (a note may say 贼好用)", () => {
    const out = guardFindings([finding(3, REVIEW_EXAMPLE.zh.excerpt, REVIEW_EXAMPLE.zh.comment)], draft, references);
    expect(out.kept).toHaveLength(1);
  });

  it("a short comment that merely shares words with a description is no echo", () => {
    expect(isEcho("行号写错", references.schema)).toBe(false);
    expect(isEcho("句子过长，拆成两句", references.schema)).toBe(false);
    expect(isEcho("line number where the problem is", references.schema)).toBe(true);
  });

  it("the references hold every description of the schema and the prompt shows the example they name", () => {
    expect(references.schema).toEqual(expect.arrayContaining(["the id of the violated rule", "the offending words, copied exactly from that line", "what is wrong and how to fix it"]));
    expect(REVIEW_PROMPT.zh.prompt).toContain(JSON.stringify({ violations: [REVIEW_EXAMPLE.zh] }));
    expect(REVIEW_PROMPT.en.prompt).toContain(JSON.stringify({ violations: [REVIEW_EXAMPLE.en] }));
  });
});

describe("draftSubjects: what a draft holds that a rule may be about", () => {
  it("a plain note holds no code, figure or identifier", () => {
    expect([...draftSubjects("# 周会\n\n讨论了排期，下周交付第一版。\n\n参考 https://example.com/a/b.md 的说明。\n")]).toEqual([]);
  });

  it("finds code blocks, inline code, images, tables, figure references and identifiers in prose", () => {
    expect([...draftSubjects("```js\nx()\n```\n")]).toEqual(["code"]);
    expect(draftSubjects("运行 `npm test`。")).toEqual(new Set(["code", "identifier"]));
    expect([...draftSubjects("![架构](a.png)")]).toEqual(["figure"]);
    expect([...draftSubjects("| a | b |\n|---|---|\n| 1 | 2 |\n")]).toEqual(["figure"]);
    expect([...draftSubjects("如图 2-1 所示。")]).toEqual(["figure"]);
    for (const prose of ["在 config.yaml 中设置超时。", "加上 --verbose 参数。", "先执行 npm install。", "修改 max_tokens 的值。", "文件在 src/main 下。"]) {
      expect([...draftSubjects(prose)], prose).toEqual(["identifier"]);
    }
  });
});

describe("reviewBudget: a finding list is short", () => {
  it("grows with the draft and stays bounded", () => {
    expect(reviewBudget(10)).toEqual({ findings: 3, maxTokens: 24 + 3 * 118 });
    expect(reviewBudget(1).findings).toBe(2);
    expect(reviewBudget(100).findings).toBe(6);
    expect(reviewBudget(1000).findings).toBe(6);
    expect(reviewBudget(1000).maxTokens).toBe(24 + 6 * 118);
  });
});
