import { describe, expect, it } from "vitest";
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
