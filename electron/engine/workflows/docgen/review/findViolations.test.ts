import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ScriptedLlm } from "../../../testing/ScriptedLlm.js";
import { parseGuide, type ParsedGuide } from "../rules/guideChunks.js";
import type { RetrievedRuleChunk, RuleIndex } from "../rules/RuleIndex.js";
import { semanticRuleIds } from "../rules/moduleChecks.js";
import { findViolations, RULES_CHARS } from "./findViolations.js";

const BUILTIN = fs.readFileSync(path.join(import.meta.dirname, "..", "..", "..", "..", "..", "rules", "DOC_GUIDELINES.md"), "utf8");
const DRAFT = "# 部署指南\n\n这是一段正常的说明文字。\n\n最后一段保持不变。\n";

/** A rule index that records the modules it was asked for and answers with that module's chunks. */
function recordingIndex(guide: ParsedGuide): { index: RuleIndex; asked: string[] } {
  const asked: string[] = [];
  const index = {
    moduleChunks: async (_guide: ParsedGuide, moduleKey: string): Promise<RetrievedRuleChunk[]> => {
      asked.push(moduleKey);
      return guide.chunks.filter((c) => c.moduleKey === moduleKey).map((c) => ({ ...c, score: 1 }));
    },
  } as unknown as RuleIndex;
  return { index, asked };
}

describe("findViolations: the module's rules reach the prompt without retrieval when they fit", () => {
  it("takes every semantic rule of a module that fits the rule budget straight from the guide, asking the index nothing", async () => {
    const guide = await parseGuide(BUILTIN, "DOC_GUIDELINES.md");
    const module = guide.modules.find((m) => m.id === "content_style")!;
    const { index, asked } = recordingIndex(guide);
    const llm = new ScriptedLlm({ replies: { reviewer: { violations: [] } } });
    const found = await findViolations({ llm, ruleIndex: index }, guide, module, DRAFT);
    expect(found.modelCalled).toBe(true);
    expect(asked).toEqual([]);
    const prompt = llm.calls.find((c) => c.tag?.role === "reviewer")!.prompt;
    const semantic = new Set(semanticRuleIds(module));
    const own = guide.chunks.filter((c) => c.moduleKey === module.id && semantic.has(c.ruleId));
    expect(own.length).toBeGreaterThan(0);
    for (const chunk of own) expect(prompt).toContain(chunk.text);
  });

  it("asks the index to rank a module whose rules overflow the budget", async () => {
    const rule = (n: number) => [`### 9.${n} 长规则 ${n}`, "", "- 类型：semantic", `- 理由：${"每一步先交代目的，再给出操作，最后说明如何确认结果。".repeat(12)}`, ""].join("\n");
    const long = ["## long_rules（长规则）", "", ...Array.from({ length: Math.ceil(RULES_CHARS / 400) + 2 }, (_, i) => rule(i + 1))].join("\n");
    const guide = await parseGuide(`${BUILTIN.trimEnd()}\n\n${long}\n`, "LONG.md");
    const { index, asked } = recordingIndex(guide);
    const llm = new ScriptedLlm({ replies: { reviewer: { violations: [] } } });
    await findViolations({ llm, ruleIndex: index }, guide, guide.modules.find((m) => m.id === "long_rules")!, DRAFT);
    expect(asked).toEqual(["long_rules"]);
    const prompt = llm.calls.find((c) => c.tag?.role === "reviewer")!.prompt;
    // The prompt's rule text stays within the budget: not every chunk of the module fits.
    const kept = guide.chunks.filter((c) => c.moduleKey === "long_rules" && prompt.includes(c.text));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.reduce((n, c) => n + c.text.length, 0)).toBeLessThanOrEqual(RULES_CHARS);
  });
});
