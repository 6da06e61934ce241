import { describe, expect, it } from "vitest";
import type { Material } from "../../../../shared/knowledge.js";
import { articleExport, citableMaterials } from "./articleExport.js";

const material = (id: string): Material => ({ id, title: `t${id}`, content: "c", source: "s", published_at: null, relevance_score: 0.5, source_type: "library", url: null, recUuid: null });

describe("the article's export hook", () => {
  it("cites the approved materials, falls back to the whole package, and skips malformed items", () => {
    const materials = [material("m001"), material("m002"), { id: "m003" }];
    expect(citableMaterials({ materials, approved_material_ids: ["m002", "m003"] }).map((m) => m.id)).toEqual(["m002"]);
    expect(citableMaterials({ materials, approved_material_ids: null }).map((m) => m.id)).toEqual(["m001", "m002"]);
    expect(citableMaterials({ messages: [] })).toEqual([]);
  });

  it("names the document and its file after the article's title, not the intent sentence the session is called by", async () => {
    const values = { materials: [material("m001")], approved_material_ids: ["m001"], draft_title: "新能源汽车出口分析" };
    const doc = await articleExport.document(
      { sessionId: "s", sessionTitle: "帮我写一篇关于新能源汽车出口的分析文章", values, version: { number: 2, markdown: "# 新能源汽车出口分析\n\n增长 [m001]。\n" }, locale: "zh" },
      {} as never,
    );
    expect(doc).toMatchObject({ title: "新能源汽车出口分析", fileName: "新能源汽车出口分析", locale: "zh" });
    expect(doc.noted).toContain("[^m001]");
    expect(doc.references).toContain("## 参考资料");
  });
});
