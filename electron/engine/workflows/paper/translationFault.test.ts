import { describe, expect, it } from "vitest";
import { translateSystem } from "./prompts.js";
import { targetShare, translationFault } from "./translationFault.js";

const EN = "SparseRoute routes each token to two of eight experts and reaches 91.3% accuracy on DocBench [3].";
const ZH = "SparseRoute 把每个词元路由到八个专家中的两个，在 DocBench 上达到 91.3% 的准确率 [3]。";
const check = (translation: string, source = EN, target: "zh" | "en" = "zh", missing: string[] = []) =>
  translationFault({ source, translation, target, system: translateSystem(target), missing });

describe("translationFault", () => {
  it("passes a translation in the target language with the source's names kept in Latin script", () => {
    expect(check(ZH)).toBeNull();
    expect(targetShare(ZH, "zh", EN)).toBeGreaterThan(0.9);
    expect(check("SparseRoute routes each token to two of the eight experts and reaches 91.3% accuracy on DocBench [3].", ZH, "en")).toBeNull();
  });

  it("calls a copied source or a reply in another language `language`", () => {
    expect(check(EN)).toBe("language");
    expect(check("The model works well on many tasks and the results are good for everyone involved here.")).toBe("language");
    expect(check(ZH, ZH, "en")).toBe("language");
  });

  it("calls a reply that repeats itself `loop`", () => {
    expect(check("该方法把每个词元路由到两个专家。该方法把每个词元路由到两个专家。该方法把每个词元路由到两个专家。")).toBe("loop");
    expect(check(`SparseRoute ${"专家专家专家专家".repeat(8)} 91.3% [3]`)).toBe("loop");
  });

  it("calls a reply that restates the instructions `echo`", () => {
    expect(check("你是学术翻译。你唯一的任务是把给出的一段英文译成中文，保留所有公式、数字、变量名和引用标记原样不动。")).toBe("echo");
  });

  it("calls a reply far shorter or longer than its source `length`, and nothing `empty` or one that lost a marker", () => {
    expect(check("路由。")).toBe("length");
    expect(check(`${ZH}该方法在多个基准上都取得了很好的结果，并且计算成本更低。作者还讨论了专家数量的影响以及训练时间的变化。此外，论文比较了三种不同的路由策略，分析了它们在长文档上的表现差异。最后给出了未来工作的方向，包括多语言和更大规模的模型。`)).toBe("length");
    expect(check("…… 123")).toBe("empty");
    expect(check(ZH.replace(" [3]", ""), EN, "zh", ["[3]"])).toBe("markers");
  });
});
