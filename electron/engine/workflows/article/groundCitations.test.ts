import { describe, expect, it } from "vitest";
import type { Material } from "../../../../shared/knowledge.js";
import { ungroundedSentences } from "./groundCitations.js";

const material = (id: string, content: string): Material => ({ id, title: `Source ${id}`, content, source: "library", published_at: null, relevance_score: 1, source_type: "library", url: null, recUuid: null });

describe("ungroundedSentences", () => {
  const materials = [material("m001", "本地大模型部署在企业内网，资料不出内网。一台笔记本每秒生成约 10 个词元。"), material("m002", "Hybrid retrieval combines vector search with full-text search.")];

  it("flags a sentence whose cited material does not hold its number or words, and keeps the ones it supports", async () => {
    const sections = [
      { title: "背景", body: "本地大模型部署在企业内网，资料不出内网 [m001]。一台笔记本每秒生成约 500 个词元 [m001]。" },
      { title: "Search", body: "Hybrid retrieval combines vector search with full-text search [m002]. Quantum routers double the speed of every laptop [m002]. An uncited sentence." },
    ];
    const found = await ungroundedSentences(sections, materials);
    expect(found).toEqual([
      { section: "背景", sentence: "一台笔记本每秒生成约 500 个词元 [m001]。", material_ids: ["m001"] },
      { section: "Search", sentence: "Quantum routers double the speed of every laptop [m002].", material_ids: ["m002"] },
    ]);
  });

  it("checks a sentence only against the materials it cites, and ignores ids outside the package", async () => {
    const found = await ungroundedSentences([{ title: "S", body: "Hybrid retrieval combines vector search with full-text search [m001]. It is new [m999]." }], materials);
    expect(found.map((f) => f.material_ids)).toEqual([["m001"]]);
  });
});
