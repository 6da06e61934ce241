import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RULE_TITLES_EN, RULE_TITLES_ZH, ruleTitle } from "../../renderer/i18n/ruleText.js";

describe("rule titles", () => {
  it("are the built-in guide's own headings in Chinese, and every rule has an English one", () => {
    const guide = fs.readFileSync(path.resolve(__dirname, "../../rules/DOC_GUIDELINES.md"), "utf8");
    const headings = Object.fromEntries([...guide.matchAll(/^### (\d+\.\d+) (.+)$/gm)].map((m) => [m[1]!, m[2]!.trim()]));
    expect(RULE_TITLES_ZH).toEqual(headings);
    expect(Object.keys(RULE_TITLES_EN).sort()).toEqual(Object.keys(headings).sort());
  });

  it("name a rule by title in the UI's language, the fixer's group in words, and an unknown id as it is", () => {
    expect(ruleTitle("zh-CN", "2.8")).toBe("数字与单位");
    expect(ruleTitle("en", "2.8")).toBe("Numbers and units");
    expect(ruleTitle("zh-CN", "fix")).not.toContain("fix");
    expect(ruleTitle("en", "fix")).toMatch(/^Automatic fix/);
    expect(ruleTitle("en", "my.rule")).toBe("my.rule");
  });
});
