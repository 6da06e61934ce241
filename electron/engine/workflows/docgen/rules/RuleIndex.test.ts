import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HashEmbedder } from "../../../../../tests/knowledge/HashEmbedder.js";
import { parseGuide, moduleQuery, RULE_CHUNK_SIZE } from "./guideChunks.js";
import { RuleIndex, pickForModule } from "./RuleIndex.js";

const guidePath = path.join(import.meta.dirname, "..", "..", "..", "..", "..", "rules", "DOC_GUIDELINES.md");
const guideText = fs.readFileSync(guidePath, "utf8");
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "rule-index-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("guide chunks", () => {
  it("splits by ## module and ### rule, 500/50, every chunk prefixed with its module and rule", async () => {
    const g = await parseGuide(guideText, "DOC_GUIDELINES.md");
    expect(g.modules.map((m) => [m.id, m.name])).toEqual([
      ["metadata_and_structure", "元数据与结构"],
      ["typography_and_symbols", "排版与符号"],
      ["code_and_diagrams", "代码与图表"],
      ["specific_sections", "特定章节"],
      ["naming_and_tags", "命名白名单"],
      ["content_style", "内容风格"],
    ]);
    const ruleIds = g.modules.flatMap((m) => m.rules.map((r) => r.id));
    expect(new Set(g.chunks.map((c) => c.ruleId))).toEqual(new Set(ruleIds));
    for (const c of g.chunks) {
      const m = g.modules.find((x) => x.id === c.moduleKey)!;
      const rule = m.rules.find((r) => r.id === c.ruleId)!;
      expect(c.text.startsWith(`【所属章节：${m.name} > ${rule.id} ${rule.title}】\n`)).toBe(true);
      expect(c.text.length - c.text.indexOf("\n") - 1).toBeLessThanOrEqual(RULE_CHUNK_SIZE);
    }
    expect(moduleQuery("排版与符号")).toBe("这是关于【排版与符号】模块的排版规范与审查规则");
  });

  it("a long rule is split into overlapping pieces", async () => {
    const long = ["## demo（演示）", "", "### 1.1 很长的规则", "", "- 类型：semantic", "", ...Array.from({ length: 40 }, (_, i) => `第 ${i} 句说明这条规则为什么重要，并给出一个例子。`)].join("\n");
    const g = await parseGuide(long, "long.md");
    expect(g.chunks.length).toBeGreaterThan(1);
    expect(g.chunks.every((c) => c.text.startsWith("【所属章节：演示 > 1.1 很长的规则】"))).toBe(true);
  });
});

describe("RuleIndex", () => {
  it("embeds once, persists, answers per module with chunks that name it, and re-indexes when the guide changes", async () => {
    const dir = tmp();
    const embedder = new HashEmbedder(64);
    const guide = await parseGuide(guideText, "DOC_GUIDELINES.md");
    const index = new RuleIndex({ dir, embedder });
    const hits = await index.moduleChunks(guide, "typography_and_symbols");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.text.includes("排版与符号"))).toBe(true);
    expect(hits.every((h) => h.moduleKey === "typography_and_symbols")).toBe(true);
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
    expect(index.indexings).toBe(1);
    expect(index.lastMode).toBe("vector");
    const embeddedAfterFirst = embedder.embedded;
    await index.moduleChunks(guide, "code_and_diagrams");
    expect(index.indexings).toBe(1);
    expect(embedder.embedded).toBe(embeddedAfterFirst + 1); // only the query

    // A new process on the same folder finds the table and does not embed the guide again.
    const reopened = new RuleIndex({ dir, embedder });
    await reopened.moduleChunks(guide, "content_style");
    expect(reopened.indexings).toBe(0);

    // An edited guide (same file name) is re-indexed and replaces the old rows.
    const edited = await parseGuide(guideText.replace("### 2.1 中文与英文、数字之间加空格", "### 2.1 中英文之间加空格"), "DOC_GUIDELINES.md");
    expect(edited.hash).not.toBe(guide.hash);
    const after = await reopened.moduleChunks(edited, "typography_and_symbols");
    expect(reopened.indexings).toBe(1);
    expect(after.some((h) => h.text.includes("2.1 中英文之间加空格"))).toBe(true);
    expect(after.some((h) => h.text.includes("2.1 中文与英文、数字之间加空格"))).toBe(false);
  });

  it("an imported guide is indexed beside the default one and answered on its own", async () => {
    const dir = tmp();
    const index = new RuleIndex({ dir, embedder: new HashEmbedder(32) });
    const mine = await parseGuide(["## api_docs（接口文档）", "", "### 1.1 每个接口写明请求方法", "", "- 类型：semantic", "- 理由：接口文档需要写明方法。"].join("\n"), "my-guide.md");
    const base = await parseGuide(guideText, "DOC_GUIDELINES.md");
    await index.moduleChunks(base, "content_style");
    const hits = await index.moduleChunks(mine, "api_docs");
    expect(hits.map((h) => h.ruleId)).toEqual(["1.1"]);
    expect(await index.moduleChunks(mine, "content_style")).toEqual([]);
  });

  it("falls back to lexical scores without an embedder, and to the top 3 when no chunk names the module", async () => {
    const guide = await parseGuide(guideText, "DOC_GUIDELINES.md");
    const index = new RuleIndex({ dir: tmp() });
    const hits = await index.moduleChunks(guide, "naming_and_tags");
    expect(index.lastMode).toBe("lexical");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.text.includes("命名白名单"))).toBe(true);
    const failing = new RuleIndex({ dir: tmp(), embedder: async () => Promise.reject(new Error("no model")) });
    expect((await failing.moduleChunks(guide, "naming_and_tags")).length).toBe(hits.length);
    const picked = pickForModule(
      [0.2, 0.9, 0.5, 0.7].map((score, i) => ({ id: `c${i}`, moduleKey: "x", moduleName: "x", ruleId: "1.1", text: `无关 ${i}`, score })),
      "不存在的模块",
    );
    expect(picked.map((p) => p.score)).toEqual([0.9, 0.7, 0.5]);
  });

  it("answers a lexical module query once per guide: later calls get equal copies, and an edited guide is scored afresh", async () => {
    const guide = await parseGuide(guideText, "DOC_GUIDELINES.md");
    const index = new RuleIndex({ dir: tmp() });
    const first = await index.moduleChunks(guide, "content_style");
    const ids = first.map((c) => c.id);
    first.length = 0; // a caller that empties its list does not empty the next caller's
    const second = await index.moduleChunks(guide, "content_style");
    expect(second.map((c) => c.id)).toEqual(ids);
    const edited = await parseGuide(guideText.replace("读者很难一口气读完", "读者很难一口气读完（新规则标记）"), "DOC_GUIDELINES.md");
    expect(edited.hash).not.toBe(guide.hash);
    const fresh = await index.moduleChunks(edited, "content_style");
    expect(fresh.some((c) => c.text.includes("新规则标记"))).toBe(true);
    // The same text imported under another name answers with that guide's own chunk ids.
    const renamed = await parseGuide(guideText, "team.md");
    expect((await index.moduleChunks(renamed, "content_style")).every((c) => c.id.startsWith("team.md#"))).toBe(true);
  });
});
