import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { CHECKED_RULES } from "../../../../../shared/rules/checks/analyzeMarkdown.js";
import { parseRuleMarkdown } from "./parseRuleMarkdown.js";

const guideFile = path.join(import.meta.dirname, "..", "..", "..", "..", "..", "rules", "DOC_GUIDELINES.md");
const MODULES: Array<[string, string]> = [
  ["metadata_and_structure", "元数据与结构"],
  ["typography_and_symbols", "排版与符号"],
  ["code_and_diagrams", "代码与图表"],
  ["specific_sections", "特定章节"],
  ["naming_and_tags", "命名白名单"],
  ["content_style", "内容风格"],
];

describe("parseRuleMarkdown on the real rules/DOC_GUIDELINES.md", () => {
  const modules = parseRuleMarkdown(fs.readFileSync(guideFile, "utf8"), "DOC_GUIDELINES.md");

  it("has the six modules with their Chinese names, numbered rules, and a type on every rule", () => {
    expect(modules.map((m) => [m.id, m.name])).toEqual(MODULES);
    modules.forEach((m, i) => {
      expect(m.rules.length).toBeGreaterThanOrEqual(5);
      for (const r of m.rules) {
        expect(r.id.startsWith(`${i + 1}.`)).toBe(true);
        expect(["mechanical", "semantic"]).toContain(r.type);
        expect(r.body).toMatch(/✅/);
        expect(r.body).toMatch(/❌/);
      }
    });
  });

  it("marks as mechanical exactly the rules that have a deterministic checker", () => {
    const mechanical = modules.flatMap((m) => m.rules.filter((r) => r.type === "mechanical").map((r) => r.id));
    expect(new Set(mechanical)).toEqual(new Set(CHECKED_RULES));
  });

  it("reads each rule's subjects: the code module's judgement rules are about code, figures and identifiers", () => {
    const code = modules.find((m) => m.id === "code_and_diagrams")!;
    expect(Object.fromEntries(code.rules.filter((r) => r.subjects).map((r) => [r.id, r.subjects]))).toEqual({ "3.4": ["identifier"], "3.5": ["figure"], "3.6": ["code"] });
    expect(modules.find((m) => m.id === "content_style")!.rules.every((r) => !r.subjects)).toBe(true);
  });
});

describe("parsing", () => {
  it("rejects a rule without a type line", () => {
    const md = "## demo_module（演示）\n\n### 1.1 没有类型\n\n- 理由：缺少类型。\n";
    expect(() => parseRuleMarkdown(md, "x.md")).toThrow(ScriptoriumError);
  });

  it("ignores non-module ## headings and ### headings inside code fences", () => {
    const md = "## 约定设置\n\n### 9.9 不是规则\n\n## demo（演示）\n\n```md\n### 1.9 代码里的标题\n```\n\n### 1.1 规则\n\n- 类型：semantic\n- ✅ 好\n";
    const modules = parseRuleMarkdown(md, "x.md");
    expect(modules).toHaveLength(1);
    expect(modules[0]?.rules.map((r) => r.id)).toEqual(["1.1"]);
  });

  it("reads subjects in either language and refuses an unknown one, naming it", () => {
    const md = (line: string) => `## demo（演示）\n\n### 1.1 规则\n\n- 类型：semantic\n${line}\n`;
    expect(parseRuleMarkdown(md("- 对象：代码、图表"), "x.md")[0]!.rules[0]!.subjects).toEqual(["code", "figure"]);
    expect(parseRuleMarkdown(md("- applies to: identifiers"), "x.md")[0]!.rules[0]!.subjects).toEqual(["identifier"]);
    expect(() => parseRuleMarkdown(md("- 对象：视频"), "x.md")).toThrow(/1\.1.*视频/);
  });
});
