import { describe, expect, it } from "vitest";
import { outlineExample, intentExample } from "./prompts.js";
import { OutlineLlmSchema } from "./schemas.js";
import { sanitizeOutline } from "./sanitizeOutline.js";
import { withoutEchoed, withoutEchoedExample } from "./withoutEchoedExample.js";

describe("withoutEchoedExample", () => {
  const example = outlineExample("zh");

  it("turns an outline that is the prompt's example back into this article's: the intent as title, the key questions as sections", () => {
    const cleaned = withoutEchoedExample(example, example, ["校园用电为何高？", "怎样节能？"], ["m001", "m002"], "zh");
    expect(cleaned.title).toBe("");
    expect(cleaned.sections.map((s) => s.section_title)).toEqual(["校园用电为何高？", "怎样节能？"]);
    expect(cleaned.sections.every((s) => s.material_ids.join() === "m001,m002")).toBe(true);
    expect(sanitizeOutline(cleaned, ["m001", "m002"], "校园节能").title).toBe("校园节能");
  });

  it("falls back to a plain article skeleton when fewer than two key questions are left", () => {
    const cleaned = withoutEchoedExample(outlineExample("en"), outlineExample("en"), ["Only one?"], ["m001"], "en");
    expect(cleaned.sections.map((s) => s.section_title)).toEqual(["Background", "Where things stand", "What to do", "Conclusion"]);
  });

  it("keeps the model's own sections and drops only the copied ones", () => {
    const own = { section_title: "图书馆延长开放的利弊", key_points: ["学生需求"], material_ids: ["m001"] };
    const cleaned = withoutEchoedExample({ title: "图书馆开放时间", sections: [own, example.sections[1]!] }, example, ["问题"], ["m001"], "zh");
    expect(cleaned).toEqual({ title: "图书馆开放时间", sections: [own] });
  });

  it("drops sections that are the schema's own descriptions (SmolLM2 135M: eight sections called \"the section heading\")", () => {
    const echoed = { section_title: "the section heading", key_points: ["the section heading"], material_ids: ["m001"] };
    const outline = { title: "the article title", sections: Array.from({ length: 8 }, () => echoed) };
    const materials = [
      { id: "m001", title: "本地模型的数据安全" },
      { id: "m002", title: "成本对比" },
    ];
    const cleaned = withoutEchoedExample(outline, example, [], ["m001", "m002"], "zh", { schema: OutlineLlmSchema, grounding: "写一篇短文", materials });
    expect(cleaned).toEqual({
      title: "",
      sections: [
        { section_title: "本地模型的数据安全", key_points: [], material_ids: ["m001"] },
        { section_title: "成本对比", key_points: [], material_ids: ["m002"] },
      ],
    });
  });

  it("keeps one of several sections with the same title, and a title the intent itself holds", () => {
    const own = { section_title: "the section heading", key_points: ["a", "the section heading"], material_ids: [] };
    const cleaned = withoutEchoedExample({ title: "T", sections: [own, own] }, example, [], [], "en", { schema: OutlineLlmSchema, grounding: "Write about the section heading" });
    expect(cleaned.sections).toEqual([own]);
  });

  it("leaves an outline that copied nothing as it is", () => {
    const outline = { title: "T", sections: [{ section_title: "A", key_points: [], material_ids: [] }] };
    expect(withoutEchoedExample(outline, example, [], [], "zh")).toEqual(outline);
  });
});

describe("withoutEchoed", () => {
  it("drops the example's key questions a model copied, whitespace aside", () => {
    const copied = intentExample("en").key_questions;
    expect(withoutEchoed([` ${copied[0]!} `, "Who pays for campus power?"], copied)).toEqual(["Who pays for campus power?"]);
  });
});
