import { describe, expect, it } from "vitest";
import { z } from "zod";
import { echoCanaries, isEcho, schemaDescriptions, stringLeaves, withoutEchoes } from "./echoGuard.js";

const Schema = z.object({
  findings: z.array(z.object({ line: z.number().describe("The 4-digit line number where the problem is"), excerpt: z.string().describe("The exact text of the line that breaks the rule") })),
});
const example = { keywords: ["本地大模型 部署成本", "开源模型 企业应用"] };

describe("echoGuard", () => {
  it("collects the example's strings and the schema's descriptions as canaries", () => {
    expect(stringLeaves({ a: ["x", { b: "y" }], n: 3 })).toEqual(["x", "y"]);
    expect(schemaDescriptions(Schema)).toEqual(["The 4-digit line number where the problem is", "The exact text of the line that breaks the rule"]);
    expect(echoCanaries({ example, schema: Schema })).toContain("本地大模型 部署成本");
  });

  it("flags the example verbatim, a field filled with its own description, and a string holding one", () => {
    const canaries = echoCanaries({ example, schema: Schema });
    expect(isEcho("本地大模型　部署成本", canaries)).toBe(true);
    expect(isEcho("The 4-digit line number where the problem is…", canaries)).toBe(true);
    expect(isEcho("Excerpt: the exact text of the line that breaks the rule.", canaries)).toBe(true);
    expect(isEcho("新能源汽车 电池回收", canaries)).toBe(false);
  });

  it("never flags a string that is in the text the model worked on", () => {
    const canaries = echoCanaries({ example });
    expect(isEcho("本地大模型 部署成本", canaries, "分析本地大模型部署成本的文章")).toBe(true);
    expect(isEcho("本地大模型 部署成本", canaries, "关于本地大模型 部署成本的三个问题")).toBe(false);
  });

  it("splits items into kept and dropped echoes", () => {
    const canaries = echoCanaries({ example: { results: [{ method: "ResNet-50", dataset: "CIFAR-10" }] } });
    const rows = [
      { method: "ResNet-50", dataset: "CIFAR-10" },
      { method: "Sparse MoE", dataset: "DocBench" },
    ];
    expect(withoutEchoes(rows, (r) => [r.method, r.dataset], canaries, "Sparse MoE on DocBench")).toEqual({ kept: [rows[1]], dropped: [rows[0]] });
  });
});
