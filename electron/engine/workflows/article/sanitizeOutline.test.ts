import { describe, expect, it } from "vitest";
import { assembleDraft, splitDraft } from "./draftMarkdown.js";
import { sanitizeOutline } from "./sanitizeOutline.js";

describe("sanitizeOutline", () => {
  it("gives one-line titles a heading can hold, so the draft's sections are the outline's", () => {
    const outline = sanitizeOutline(
      {
        title: "# 离线写作\n的价值",
        sections: [
          { section_title: "## 背景\n## 多出来的一节", key_points: [" a ", ""], material_ids: ["m001", "m009", "m001"] },
          { section_title: "   ", key_points: [], material_ids: [] },
          { section_title: "方案", key_points: [], material_ids: [] },
        ],
      },
      ["m001"],
      "备用",
    );
    expect(outline).toEqual({
      title: "离线写作 的价值",
      sections: [
        { section_title: "背景 ## 多出来的一节", key_points: ["a"], material_ids: ["m001"] },
        { section_title: "方案", key_points: [], material_ids: [] },
      ],
    });
    const draft = assembleDraft(outline.title, outline.sections.map((s) => ({ title: s.section_title, body: "正文。" })));
    expect(splitDraft(draft, "")).toMatchObject({ title: outline.title, sections: outline.sections.map((s) => ({ title: s.section_title })) });
  });
});
