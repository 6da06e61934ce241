import { describe, expect, it } from "vitest";
import type { Material } from "../../../shared/knowledge.js";
import { citationList, citedIds, guessLocale } from "./citationList.js";

const material = (id: string, extra: Partial<Material> = {}): Material => ({
  id,
  title: `资料 ${id}`,
  content: "内容",
  source: "内网新闻",
  published_at: null,
  relevance_score: 0.5,
  source_type: "intranet",
  url: null,
  recUuid: null,
  ...extra,
});

describe("citationList", () => {
  it("lists cited ids in order of first appearance, once each", () => {
    expect(citedIds("见 [m002] 与 [m001]，再见 [m002]；[x001] 不是引用")).toEqual(["m002", "m001"]);
  });

  it("resolves each citation to title and source, with link and date when known (zh)", () => {
    const list = citationList("甲 [m002]。乙 [m001]。", [material("m001"), material("m002", { url: "https://intra.example/a", published_at: "2024-05-01", title: "带[括号]的标题" })], "zh");
    expect(list).toBe(
      "\n\n## 参考资料\n\n- [m002] [带\\[括号\\]的标题](https://intra.example/a)，内网新闻，2024-05-01\n- [m001] 资料 m001，内网新闻\n",
    );
  });

  it("uses English punctuation and heading for English drafts", () => {
    expect(citationList("See [m001].", [material("m001", { title: "Report", source: "library" })], "en")).toBe("\n\n## References\n\n- [m001] Report, library\n");
  });

  it("links only http(s) URLs, escaping parentheses so the link stays whole", () => {
    const list = citationList("[m001] [m002]", [material("m001", { url: "https://w.example/a_(b)" }), material("m002", { url: "file:///etc/passwd" })], "zh");
    expect(list).toContain("- [m001] [资料 m001](https://w.example/a_%28b%29)，内网新闻");
    expect(list).toContain("- [m002] 资料 m002，内网新闻");
  });

  it("leaves out ids that match no material, and is empty when nothing resolves", () => {
    expect(citationList("[m009] 与 [m001]", [material("m001")], "zh")).not.toContain("m009");
    expect(citationList("[m009] only", [material("m001")], "en")).toBe("");
    expect(citationList("no citations", [material("m001")], "en")).toBe("");
  });

  it("guesses the locale from the script of the text", () => {
    expect(guessLocale("本地离线写作工具的介绍 with English")).toBe("zh");
    expect(guessLocale("A mostly English text 带一点中文")).toBe("en");
  });
});
