import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseRuleMarkdown } from "./parseRuleMarkdown.js";
import { checkModule, fixModule, mechanicalRuleIds, semanticRuleIds } from "./moduleChecks.js";

const modules = parseRuleMarkdown(fs.readFileSync(path.join(import.meta.dirname, "..", "..", "..", "..", "..", "rules", "DOC_GUIDELINES.md"), "utf8"), "DOC_GUIDELINES.md");
const byId = (id: string) => modules.find((m) => m.id === id)!;

describe("per-module deterministic checks", () => {
  it("splits each module's rules into checker-decided and model-decided ones", () => {
    const typo = byId("typography_and_symbols");
    expect(mechanicalRuleIds(typo)).toEqual(["2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", "2.10", "2.11", "2.12"]);
    expect(semanticRuleIds(typo)).toEqual([]);
    expect(semanticRuleIds(byId("metadata_and_structure"))).toEqual(["1.6", "1.7", "1.8"]);
    for (const m of modules) expect([...mechanicalRuleIds(m), ...semanticRuleIds(m)].sort()).toEqual(m.rules.map((r) => r.id).sort());
  });

  it("reports and fixes only the module's own rules", () => {
    const draft = "# 标题\n\n在LeanCloud上花了5000元!\n\n## 步骤：\n";
    const typo = checkModule(draft, byId("typography_and_symbols"));
    expect(new Set(typo.map((v) => v.rule))).toEqual(new Set(["2.1", "2.3"]));
    const structure = checkModule(draft, byId("metadata_and_structure"));
    expect(structure.map((v) => v.rule)).toEqual(["1.3"]);
    const fixed = fixModule(draft, byId("typography_and_symbols"));
    expect(checkModule(fixed, byId("typography_and_symbols"))).toEqual([]);
    expect(fixed).toContain("## 步骤：");
  });
});
