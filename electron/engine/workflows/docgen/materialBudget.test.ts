import { describe, expect, it } from "vitest";
import { outlineBounds, OUTLINE_MAX_SECTIONS, sectionBudget } from "./materialBudget.js";
import { SECTION_WORDS } from "./prompts.js";
import { docOutlineSchema, reviseBudget, revisePlanSchema } from "./schemas.js";

const THREE_SENTENCES = "缓存服务用 Redis 7，端口 6379。部署前先安装 Docker，然后运行 docker compose up -d。数据每天凌晨备份一次。";

describe("materialBudget: the outline and the sections follow the material", () => {
  it("gives three sentences three sections at most, a long source up to eight, and a topic alone the full range", () => {
    expect(outlineBounds(THREE_SENTENCES, "zh")).toEqual({ min: 3, max: 3 });
    expect(outlineBounds("部署资料。".repeat(200), "zh")).toEqual({ min: 3, max: 6 });
    expect(outlineBounds("字".repeat(10_000), "zh").max).toBe(OUTLINE_MAX_SECTIONS);
    expect(outlineBounds("word ".repeat(450), "en").max).toBe(5);
    expect(outlineBounds("  \n", "zh")).toEqual({ min: 3, max: OUTLINE_MAX_SECTIONS });
  });

  it("sizes a section to its share of the material, between a floor and SECTION_WORDS, and its budget to that length", () => {
    const small = sectionBudget(THREE_SENTENCES, 3, "zh");
    expect(small.words).toBe(120);
    expect(small.minWords).toBe(45);
    // 1.2 × 120 characters at 1.5 a token, plus the heading: far below the 900 every section had.
    expect(small.maxTokens).toBe(120);
    const middle = sectionBudget("字".repeat(240), 3, "zh");
    expect(middle.words).toBe(320);
    const large = sectionBudget("字".repeat(5000), 4, "zh");
    expect(large.words).toBe(SECTION_WORDS.zh);
    expect(large.maxTokens).toBeLessThan(900);
    expect(sectionBudget("", 5, "en").words).toBe(SECTION_WORDS.en);
    expect(sectionBudget("a b c", 3, "en").words).toBe(80);
  });

  it("holds an outline to its bound in the schema the grammar is built from", () => {
    const three = { title: "t", sections: [1, 2, 3].map((i) => ({ title: `s${i}`, scope: "" })) };
    expect(docOutlineSchema(3).safeParse(three).success).toBe(true);
    expect(docOutlineSchema(2).safeParse(three).success).toBe(false);
    expect(JSON.stringify(docOutlineSchema(3).shape.sections.description)).toContain("at most 3");
  });
});

describe("reviseBudget: a rule group's revise may return one replacement per line it fixes", () => {
  const lines = ["# 标题", "", "这个工具贼好用，真的很棒。", "", "第二段也很酷。"];

  it("allows one replacement per distinct finding line and tokens for those lines only", () => {
    const one = reviseBudget(lines, [3]);
    expect(one.replacements).toBe(1);
    expect(one.maxTokens).toBe(24 + 40 + Math.ceil((2.2 * 13 + 80) / 1.5));
    const two = reviseBudget(lines, [3, 5, 3]);
    expect(two.replacements).toBe(2);
    expect(two.maxTokens).toBeGreaterThan(one.maxTokens);
    const long = reviseBudget(["字".repeat(1500)], [1]);
    expect(long.maxTokens).toBe(900);
  });

  it("refuses a plan longer than its bound", () => {
    const r = { start_line: 3, end_line: 3, old_text: "a", new_content: "b", reason: "6.6" };
    expect(revisePlanSchema(1, 5, 1).safeParse({ replacements: [r] }).success).toBe(true);
    expect(revisePlanSchema(1, 5, 1).safeParse({ replacements: [r, r] }).success).toBe(false);
  });
});
