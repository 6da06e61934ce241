import { describe, expect, it } from "vitest";
import { lintMarkdown } from "../../../../shared/rules/lintMarkdown.js";
import { citeSentence, materialSection } from "./materialSentences.js";
import { noMaterialNote } from "./prompts.js";
import { sectionProblem } from "./writeSection.js";

describe("sectionProblem", () => {
  it("passes Chinese prose with a few Latin names and citations", () => {
    expect(sectionProblem("企业在内网部署 Qwen 模型，资料不出门 [m001]。成本也更可控。", "zh")).toBeNull();
    expect(sectionProblem("Firms run models on their own machines, so documents stay inside [m001].", "en")).toBeNull();
  });

  it("flags a Chinese article's section written in English", () => {
    expect(sectionProblem("Local models keep documents inside the company network and cut costs.", "zh")).toBe("不是中文");
  });

  it("flags a loop, in either language", () => {
    expect(sectionProblem("河流的重要性及影响。".repeat(8), "zh")).toBe("内容重复");
    expect(sectionProblem("Rivers matter. ".repeat(10), "en")).toBe("repetitive");
    expect(sectionProblem("短句。", "zh")).toBeNull();
  });
});

describe("sectionProblem on a weak model's habits", () => {
  it("flags a section that copies the prompt's own wording (SmolLM2 135M wrote 请写第 80 字的正文)", () => {
    expect(sectionProblem("请写第 80 字的正文。离线工具很好 [m001]。", "zh")).toBe("复述了提示词");
    expect(sectionProblem("You are a magazine writer. Agendas help [m001].", "en")).toBe("repeats the prompt");
  });

  it("flags a section given materials that cites none, and only then", () => {
    expect(sectionProblem("In a world that has become increasingly remote, meetings matter.", "en", { cites: true })).toBe("cites no material");
    expect(sectionProblem("In a world that has become increasingly remote, meetings matter.", "en")).toBeNull();
    expect(sectionProblem("会议需要议程 [m001, m002]。", "zh", { cites: true })).toBeNull();
  });

  it("never takes code's own no-material sentence for an echo of the prompt (it shares the prompt's words)", () => {
    const note = noMaterialNote("zh");
    expect(sectionProblem(`“落地建议”部分的正文。本地部署让数据留在内网。\n\n${note}`, "zh")).toBeNull();
    expect(sectionProblem(`Deployment keeps the data inside the intranet.\n\n${noMaterialNote("en")}`, "en")).toBeNull();
  });
});

describe("materialSection", () => {
  const materials = [
    { id: "m001", content: "离线写作工具在本地运行模型，文档不离开企业内网。满足合规要求。" },
    { id: "m002", content: "Hybrid retrieval combines vector search with full-text search." },
    { id: "m003", content: "本地部署的长期成本低于云端服务。" },
  ];

  it("cites each of its materials' sentences before the closing punctuation, in the article's language only", () => {
    expect(materialSection(materials, "zh", 400)).toBe("离线写作工具在本地运行模型，文档不离开企业内网 [m001]。满足合规要求 [m001]。本地部署的长期成本低于云端服务 [m003]。");
    expect(materialSection(materials, "en", 400)).toBe("Hybrid retrieval combines vector search with full-text search [m002].");
    expect(materialSection([materials[1]!], "zh", 400)).toBeNull();
    expect(materialSection([{ id: "m005", content: "Same. Same. Same." }], "en", 400)).toBe("Same [m005].");
  });

  it("stops near the section's length, and its text passes the typography rules", () => {
    const text = materialSection(materials, "zh", 10)!;
    expect(text).toBe("离线写作工具在本地运行模型，文档不离开企业内网 [m001]。");
    expect(lintMarkdown(text).violations.filter((v) => v.rule.startsWith("2."))).toEqual([]);
    expect(citeSentence("No end", "m004")).toBe("No end [m004]");
  });
});
