import { describe, expect, it } from "vitest";
import { documentSections } from "./RegenerateCard.js";

describe("documentSections", () => {
  it("lists the ## sections outside code fences and marks failure placeholders", () => {
    const md = "# 文档\n\n## 一\n\n甲。\n\n```md\n## 不算\n```\n\n## 二\n\n【章节 2 生成失败：timeout】\n\n## 三 ##\n\n丙。\n";
    expect(documentSections(md)).toEqual([
      { title: "一", failed: false },
      { title: "二", failed: true },
      { title: "三", failed: false },
    ]);
    expect(documentSections("没有章节")).toEqual([]);
  });
});
