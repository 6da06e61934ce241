import { describe, expect, it } from "vitest";
import { composeStreamingDraft, splitSections } from "./composeStreamingDraft.js";

const previous = "# 离线写作\n\n## 背景\n\n旧背景\n\n## 方案\n\n旧方案\n";

describe("composeStreamingDraft", () => {
  it("joins the streamed sections of a first draft", () => {
    expect(composeStreamingDraft(["a", "", "b"], null)).toBe("a\n\nb");
  });

  it("keeps untouched sections and headings of the previous draft during a partial revision", () => {
    expect(splitSections(previous)).toEqual({
      preamble: "# 离线写作",
      sections: [
        { heading: "## 背景", body: "旧背景" },
        { heading: "## 方案", body: "旧方案" },
      ],
    });
    expect(composeStreamingDraft(["", "新方案"], previous)).toBe("# 离线写作\n\n## 背景\n\n旧背景\n\n## 方案\n\n新方案");
  });
});

describe("composeStreamingDraft while chunks arrive", () => {
  it("gives the same text as a fresh cut for every chunk of a revision, and for a new previous draft", () => {
    let streamed = "";
    for (const chunk of ["新", "方案", "正文[m001]"]) {
      streamed += chunk;
      expect(composeStreamingDraft(["", streamed], previous)).toBe(`# 离线写作\n\n## 背景\n\n旧背景\n\n## 方案\n\n${streamed}`);
    }
    expect(composeStreamingDraft(["", "x"], "## 甲\n\n一\n\n## 乙\n\n二")).toBe("## 甲\n\n一\n\n## 乙\n\nx");
    expect(composeStreamingDraft(["y"], previous)).toBe("# 离线写作\n\n## 背景\n\ny\n\n## 方案\n\n旧方案");
  });
});
