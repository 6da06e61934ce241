import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../shared/errors.js";
import { CHECKED_RULES, RuleRepository, parseRuleMarkdown, type RuleSearch } from "../../electron/engine/rules/index.js";

const rulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../rules");
const MODULES: Array<[string, string]> = [
  ["metadata_and_structure", "元数据与结构"],
  ["typography_and_symbols", "排版与符号"],
  ["code_and_diagrams", "代码与图表"],
  ["specific_sections", "特定章节"],
  ["naming_and_tags", "命名白名单"],
  ["content_style", "内容风格"],
];

const tmpDirs: string[] = [];
afterEach(async () => {
  await Promise.all(tmpDirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe("RuleRepository on the real rules/DOC_GUIDELINES.md", () => {
  const repo = new RuleRepository({ dir: rulesDir });

  it("has the six modules with their Chinese names, numbered rules, and a type on every rule", async () => {
    const modules = await repo.listModules();
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

  it("marks as mechanical exactly the rules that have a deterministic checker", async () => {
    const mechanical = (await repo.listModules()).flatMap((m) => m.rules.filter((r) => r.type === "mechanical").map((r) => r.id));
    expect(new Set(mechanical)).toEqual(new Set(CHECKED_RULES));
  });

  it("returns a module's rules exactly and rejects unknown modules with not_found", async () => {
    const rules = await repo.getModuleRules("typography_and_symbols");
    expect(rules[0]).toMatchObject({ id: "2.1", title: "中文与英文、数字之间加空格", type: "mechanical", moduleId: "typography_and_symbols" });
    await expect(repo.getModuleRules("nope")).rejects.toMatchObject({ code: "not_found" });
  });

  it("produces index chunks with the section prefix and line ranges", async () => {
    const chunks = await repo.ruleChunksForIndex();
    const total = (await repo.listModules()).reduce((n, m) => n + m.rules.length, 0);
    expect(chunks).toHaveLength(total);
    const c = chunks.find((x) => x.id === "rule:2.7");
    expect(c?.text.startsWith("【所属章节：排版与符号（typography_and_symbols） > 2.7 省略号写作“……”】\n")).toBe(true);
    expect(c?.meta).toEqual({ moduleId: "typography_and_symbols", moduleName: "排版与符号", ruleId: "2.7", ruleType: "mechanical", file: "DOC_GUIDELINES.md" });
    const source = (await readFile(path.join(rulesDir, "DOC_GUIDELINES.md"), "utf8")).split("\n");
    expect(source[(c?.lineStart ?? 0) - 1]).toBe("### 2.7 省略号写作“……”");
  });
});

describe("relevantRules", () => {
  it("uses the injected search, keeping only the module's rules in score order", async () => {
    const calls: unknown[] = [];
    const search: RuleSearch = {
      search: (query, options) => {
        calls.push({ query, options });
        return [{ ruleId: "5.1", score: 0.9 }, { ruleId: "2.7", score: 0.4 }, { ruleId: "2.3", score: 0.8 }];
      },
    };
    const repo = new RuleRepository({ dir: rulesDir, search });
    const rules = await repo.relevantRules("typography_and_symbols", "草稿……", 2);
    expect(rules.map((r) => r.id)).toEqual(["2.3", "2.7"]);
    expect(calls).toEqual([{ query: "草稿……", options: { moduleId: "typography_and_symbols", limit: 2 } }]);
  });

  it("falls back to character-bigram overlap when search fails", async () => {
    const repo = new RuleRepository({ dir: rulesDir, search: { search: async () => Promise.reject(new Error("index missing")) } });
    const rules = await repo.relevantRules("typography_and_symbols", "这里的省略号写成了三个句点，应该改成中文省略号", 3);
    expect(rules[0]?.id).toBe("2.7");
  });

  it("returns the module's first three rules when nothing matches", async () => {
    const repo = new RuleRepository({ dir: rulesDir });
    const rules = await repo.relevantRules("content_style", "zzzz qqqq", 5);
    expect(rules.map((r) => r.id)).toEqual(["6.1", "6.2", "6.3"]);
  });
});

describe("parsing and reload", () => {
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

  it("sees edits to the markdown after reload(), not before", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "rules-"));
    tmpDirs.push(dir);
    const file = path.join(dir, "DOC_GUIDELINES.md");
    await copyFile(path.join(rulesDir, "DOC_GUIDELINES.md"), file);
    const repo = new RuleRepository({ dir });
    expect((await repo.getModuleRules("content_style")).some((r) => r.id === "6.9")).toBe(false);
    await writeFile(file, `${await readFile(file, "utf8")}\n### 6.9 新增规则\n\n- 类型：semantic\n- 理由：测试重新加载。\n`);
    expect((await repo.getModuleRules("content_style")).some((r) => r.id === "6.9")).toBe(false);
    await repo.reload();
    const added = (await repo.getModuleRules("content_style")).find((r) => r.id === "6.9");
    expect(added).toMatchObject({ title: "新增规则", type: "semantic" });
  });
});
