import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintMarkdown } from "../../shared/rules/lintMarkdown.js";
import { keywordEcho, outlineValid, typographyPer1k } from "./evalArticle.js";
import { guideRuleTypes } from "./evalDocgen.js";
import { findRealModel, realModelCandidates } from "./realModel.js";
import { loadArticleSet, loadClaimSet, loadDocgenSet, loadPapers, loadQaSet, loadRouterParaphraseSet, loadRouterSet, paperFile } from "./sets.js";
import { spread } from "./types.js";
import { PAPER_INTENTS } from "../../shared/workflows/paper.js";

const GUIDE = fs.readFileSync(path.join(import.meta.dirname, "../../rules/DOC_GUIDELINES.md"), "utf8");

describe("eval sets", () => {
  it("router: ≥ 70 queries, ≥ 10 per intent, both locales", () => {
    const set = loadRouterSet();
    expect(set.length).toBeGreaterThanOrEqual(70);
    for (const intent of PAPER_INTENTS) expect(set.filter((q) => q.intent === intent).length, intent).toBeGreaterThanOrEqual(10);
    expect(new Set(set.map((q) => q.locale))).toEqual(new Set(["zh", "en"]));
  });
  it("router paraphrases: ≥ 6 per intent in each locale, no query shared with the first set", () => {
    const set = loadRouterParaphraseSet();
    for (const intent of PAPER_INTENTS) {
      for (const locale of ["zh", "en"] as const) expect(set.filter((q) => q.intent === intent && q.locale === locale).length, `${intent} ${locale}`).toBeGreaterThanOrEqual(3);
      expect(set.filter((q) => q.intent === intent).length, intent).toBeGreaterThanOrEqual(6);
    }
    const first = new Set(loadRouterSet().map((q) => q.q));
    expect(set.filter((q) => first.has(q.q))).toEqual([]);
  });
  it("paper QA: ≥ 40 answerable with pages inside the paper, ≥ 10 unanswerable, claims of both labels", () => {
    const papers = new Map(loadPapers().map((p) => [p.id, p]));
    const qa = loadQaSet();
    const answerable = qa.filter((q) => !q.unanswerable);
    expect(answerable.length).toBeGreaterThanOrEqual(40);
    expect(qa.length - answerable.length).toBeGreaterThanOrEqual(10);
    for (const q of answerable) {
      const paper = papers.get(q.paper)!;
      expect(q.pages.every((p) => p >= 1 && p <= paper.pages.length), q.q).toBe(true);
      // Every keyword item is on one of the answer pages (the set is honest about where the answer is).
      for (const item of q.keywords) expect(q.pages.some((p) => item.split("|").some((alt) => paper.pages[p - 1]!.includes(alt))), `${q.q}: ${item}`).toBe(true);
    }
    expect(new Set(loadClaimSet().map((c) => c.label))).toEqual(new Set(["supported", "unsupported"]));
  });
  it("docgen: each label has its rule's type in the guide, and every checker finding is labelled", () => {
    const types = guideRuleTypes(GUIDE);
    for (const doc of loadDocgenSet()) {
      const found = lintMarkdown(doc.text).violations.map((v) => `${v.line}:${v.rule}`);
      for (const label of doc.violations) {
        expect(types.get(label.rule), `${doc.file} ${label.rule}`).toBe(label.type);
        expect(label.line).toBeLessThanOrEqual(doc.text.split("\n").length);
      }
      // The checker's findings are all labelled (the labels are not missing a violation it sees).
      for (const f of found) expect(doc.violations.some((l) => `${l.line}:${l.rule}` === f), `${doc.file} unlabelled ${f}`).toBe(true);
    }
  });
  it("article: ≥ 8 intents in both locales with materials and key points", () => {
    const set = loadArticleSet();
    expect(set.length).toBeGreaterThanOrEqual(8);
    expect(new Set(set.map((a) => a.locale))).toEqual(new Set(["zh", "en"]));
    for (const a of set) expect(a.materials.length && a.key_points.length).toBeTruthy();
  });
  it("writes the English paper as a PDF and the Chinese one as paged markdown", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eval-sets-"));
    try {
      const [en, zh] = loadPapers();
      expect(fs.readFileSync(await paperFile(en!, dir)).subarray(0, 5).toString()).toBe("%PDF-");
      expect(fs.readFileSync(await paperFile(zh!, dir), "utf8").split("\f")).toHaveLength(zh!.pages.length);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("harness helpers", () => {
  it("reads every rule's type from the guide", () => {
    const types = guideRuleTypes(GUIDE);
    expect(types.get("2.1")).toBe("mechanical");
    expect(types.get("6.6")).toBe("semantic");
    expect(types.size).toBeGreaterThan(40);
  });
  it("judges outlines", () => {
    const ids = new Set(["m001"]);
    expect(outlineValid({ sections: [{ section_title: "A", material_ids: ["m001"] }, { section_title: "B" }] }, ids)).toBe(true);
    expect(outlineValid({ sections: [{ section_title: "A" }, { section_title: "A" }] }, ids)).toBe(false);
    expect(outlineValid({ sections: [{ section_title: "A", material_ids: ["m999"] }, { section_title: "B" }] }, ids)).toBe(false);
    expect(outlineValid(null, ids)).toBe(false);
  });
  it("counts typography findings per 1 000 characters", () => {
    expect(typographyPer1k("本地模型用了16GB内存。")).toBeGreaterThan(0);
    expect(typographyPer1k("本地模型用了 16 GB 内存。")).toBe(0);
  });
  it("spreads a subset over every label", () => {
    expect(spread(["a1", "a2", "b1", "b2"], 2, (s) => s[0]!)).toEqual(["a1", "b1"]);
  });
  it("finds the model by env first and reports none when nothing is there", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "eval-model-")), "m.gguf");
    fs.writeFileSync(file, "x");
    expect(realModelCandidates({ SCRIPTORIUM_REAL_MODEL: file })[0]).toBe(file);
    expect(findRealModel({ SCRIPTORIUM_REAL_MODEL: file })).toBe(file);
    expect(realModelCandidates({})).not.toContain(undefined);
    // By name: SmolLM2 has its own override; a path is taken as given.
    expect(findRealModel({ SCRIPTORIUM_REAL_MODEL_SMOLLM2: file }, "smollm2")).toBe(file);
    expect(findRealModel({ SCRIPTORIUM_REAL_MODEL: file }, "smollm2")).not.toBe(file);
    expect(findRealModel({}, file)).toBe(file);
    expect(findRealModel({}, path.join(path.dirname(file), "absent.gguf"))).toBeNull();
  });
  it("reads keyword echo: queries drawn from the intent, and repeats of the prompt's example", () => {
    const intent = "写一篇文章，介绍城市河流治理的经验";
    expect(keywordEcho(["城市河流 治理", "河流 生态修复"], intent).fromIntent).toBe(1);
    const echoed = keywordEcho(["本地大模型 部署成本", "开源模型 企业应用", "城市河流"], intent);
    expect(echoed.exampleEchoes).toBe(2);
    expect(echoed.fromIntent).toBeCloseTo(1 / 3);
    expect(keywordEcho([], intent).fromIntent).toBeNaN();
  });
});
