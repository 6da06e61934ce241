import { describe, expect, it } from "vitest";
import type { Material } from "../../../../shared/knowledge.js";
import type { Outline } from "../../../../shared/workflows/article.js";
import { attachMaterials } from "./attachMaterials.js";

const material = (id: string, title: string, content: string): Material => ({
  id,
  title,
  content,
  source: "内网",
  published_at: null,
  relevance_score: 0.8,
  source_type: "library",
  url: null,
  recUuid: null,
});

const outline = (ids: string[][] = [[], [], []]): Outline => ({
  title: "离线写作",
  sections: [
    { section_title: "为什么离线", key_points: ["数据不出内网"], material_ids: ids[0]! },
    { section_title: "硬件选型", key_points: ["显卡与内存"], material_ids: ids[1]! },
    { section_title: "Deployment steps", key_points: ["install llama.cpp"], material_ids: ids[2]! },
  ],
});

const materials = [
  material("m001", "硬件选型指南", "显卡显存与内存的取舍"),
  material("m002", "内网数据安全", "数据不出内网的要求"),
  material("m003", "llama.cpp deployment", "How to install llama.cpp on a server"),
];

describe("attachMaterials", () => {
  it("gives each approved material to the section that shares most words with it when the outline cites none", () => {
    const { outline: attached, attached: changed } = attachMaterials(outline(), materials);
    expect(changed).toBe(true);
    expect(attached.sections.map((s) => s.material_ids)).toEqual([["m002"], ["m001"], ["m003"]]);
  });

  it("spreads materials that share no word over the sections with the fewest", () => {
    const unrelated = [material("m001", "abc", "xyz"), material("m002", "def", "uvw"), material("m003", "ghi", "rst")];
    const { outline: attached } = attachMaterials(outline(), unrelated);
    expect(attached.sections.map((s) => s.material_ids.length)).toEqual([1, 1, 1]);
  });

  it("leaves an outline that cites any material, or has no material to attach, as it is", () => {
    const cited = outline([["m001"], [], []]);
    expect(attachMaterials(cited, materials)).toEqual({ outline: cited, attached: false });
    expect(attachMaterials(outline(), [])).toEqual({ outline: outline(), attached: false });
  });
});
