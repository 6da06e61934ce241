import { describe, expect, it } from "vitest";
import type { Material } from "../../../../shared/knowledge.js";
import { SettingsSchema } from "../../../../shared/models.js";
import { combineReview } from "./combineReview.js";
import { detectLocale } from "../../../../shared/detectLocale.js";
import { assembleDraft, splitDraft } from "./draftMarkdown.js";
import { rankMaterials, renumber } from "./research/materialPackage.js";
import { summaryLines } from "./stepLines.js";
import { parseResume } from "./pauses.js";
import { planRevision, sectionNumbersIn, splitNotes } from "./revisionTargets.js";

const material = (rec: string, score: number, content = "c"): Material => ({
  id: rec, title: rec, content, source: "s", published_at: null, relevance_score: score, source_type: "library", url: null, recUuid: rec,
});

describe("material package", () => {
  it("de-duplicates across queries, ranks by relevance, cuts to 500 chars and to the budget", () => {
    const long = "x".repeat(900);
    const ranked = rankMaterials([[material("a", 0.2), material("b", 0.9, long)], [material("a", 0.5), material("c", 0.7)]], { maxMaterials: 2, maxChars: 6000, maxCharsPerMaterial: 500 });
    expect(ranked.map((m) => m.recUuid)).toEqual(["b", "c"]);
    expect(ranked[0]?.content.length).toBe(500);
    const byChars = rankMaterials([[material("a", 0.9, "y".repeat(400)), material("b", 0.8, "z".repeat(400)), material("c", 0.7, "w")]], { maxMaterials: 12, maxChars: 500, maxCharsPerMaterial: 500 });
    expect(byChars.map((m) => m.recUuid)).toEqual(["a", "c"]);
  });

  it("numbers m001 … and continues after existing ids", () => {
    const first = renumber([material("a", 1), material("b", 1)]);
    expect(first.map((m) => m.id)).toEqual(["m001", "m002"]);
    expect(renumber([material("c", 1)], first).map((m) => m.id)).toEqual(["m003"]);
    expect(summaryLines.materials("zh", 9, 4).text).toBe("共搜索到 9 条素材，精选 4 条");
    expect(summaryLines.materials("en", 9, 4).text).toBe("Found 9 materials, kept 4");
  });
});

describe("revision targets", () => {
  const titles = ["Intro", "Why it matters", "Outlook"];
  it("matches titles and section numbers, zh and en", () => {
    expect(sectionNumbersIn("第二节太长；section 3 too; §1")).toEqual([3, 1, 2]);
    expect(planRevision(titles, ["Why it matters: weak claim"]).targets).toEqual([1]);
    expect(planRevision(titles, ["请改第3节的结尾"]).targets).toEqual([2]);
  });
  it("sends unplaced items to every rewritten section, and rewrites all when nothing matches", () => {
    const plan = planRevision(titles, ["Intro: typo", "tone is flat"]);
    expect(plan.targets).toEqual([0]);
    expect(plan.notes.get(0)).toEqual(["Intro: typo", "tone is flat"]);
    const none = planRevision(titles, ["make it shorter"]);
    expect(none).toMatchObject({ targets: [0, 1, 2], matchedNothing: true });
    expect(splitNotes("1. 第一节太长。\n- add data")).toEqual(["第一节太长。", "add data"]);
  });
});

describe("draft markdown", () => {
  it("assembles and splits back", () => {
    const sections = [{ title: "A", body: "one" }, { title: "B", body: "two\n\nlines" }];
    const markdown = assembleDraft("T", sections);
    expect(splitDraft(markdown, "x")).toEqual({ title: "T", sections });
    expect(splitDraft("just text", "T")).toEqual({ title: "T", sections: [{ title: "T", body: "just text" }] });
  });
});

describe("combineReview", () => {
  const article = SettingsSchema.parse({}).article;
  const aspect = (score: number, major = false) => ({ score, issues: major ? [{ severity: "major" as const, location: "A", issue: "i", suggestion: "s" }] : [] });
  it("weights the scores and passes only at or above the threshold without a major issue", () => {
    expect(combineReview({ facts: aspect(80), logic: aspect(80), language: aspect(80) }, article, 0)).toMatchObject({ overall: 80, verdict: "pass", threshold: 80 });
    expect(combineReview({ facts: aspect(100), logic: aspect(50), language: aspect(50) }, article, 1)).toMatchObject({ overall: 70, verdict: "reject", round: 1 });
    expect(combineReview({ facts: aspect(95), logic: aspect(95), language: aspect(95, true) }, article, 0).verdict).toBe("reject");
  });
});

describe("parseResume", () => {
  const pause = { pausePoint: "material_confirm", allowedActions: ["confirm", "re_search", "add_material"], context: { materials: [material("m001", 1)].map((m) => ({ ...m, id: "m001" })) } };
  it("accepts allowed payloads and rejects the others with the right code", () => {
    expect(parseResume(pause, { action: "confirm", approved_material_ids: ["m001"] })).toEqual({ action: "confirm", approved_material_ids: ["m001"] });
    expect(() => parseResume(pause, { action: "finalize" })).toThrow(expect.objectContaining({ code: "conflict", details: { allowed: ["confirm", "re_search", "add_material"] } }));
    expect(() => parseResume(pause, { action: "confirm", approved_material_ids: ["m001", "m404"] })).toThrow(expect.objectContaining({ code: "bad_request", message: expect.stringContaining("m404") }));
    // re_search without keywords is allowed (the package is cleared and searched afresh).
    expect(parseResume(pause, { action: "re_search" })).toEqual({ action: "re_search" });
    expect(() => parseResume(pause, { action: "re_search", extra_keywords: [""] })).toThrow(expect.objectContaining({ code: "bad_request", message: expect.stringContaining("extra_keywords") }));
    expect(() => parseResume(pause, { action: 3 })).toThrow(expect.objectContaining({ code: "bad_request" }));
    expect(() => parseResume(pause, { action: "confirm", bogus: 1 })).toThrow(expect.objectContaining({ code: "bad_request" }));
  });
  it("detects the locale from the script", () => {
    expect(detectLocale("写一篇关于本地大模型的文章")).toBe("zh");
    expect(detectLocale("Write about local LLMs")).toBe("en");
  });
});
