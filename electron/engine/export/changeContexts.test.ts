import { describe, expect, it } from "vitest";
import { changeContexts, trackedChangeList } from "./trackedChangeList.js";

describe("changeContexts", () => {
  it("gives each change the unchanged text beside it on its line, so an inserted space shows where it sits", () => {
    const list = trackedChangeList("# 标题\n\n使用llama.cpp部署。\n", "# 标题\n\n使用 llama.cpp部署。\n");
    expect(list.changes).toHaveLength(1);
    expect(list.changes[0]!.inserted).toBe(" ");
    expect(changeContexts(list).get(0)).toEqual({ before: "使用", after: "llama.cpp部署。" });
  });

  it("keeps to the change's own line and cuts long context", () => {
    const list = trackedChangeList("第一行\n" + "甲".repeat(40) + "旧" + "乙".repeat(40), "第一行\n" + "甲".repeat(40) + "新" + "乙".repeat(40));
    expect(changeContexts(list, 5).get(0)).toEqual({ before: "甲甲甲甲甲", after: "乙乙乙乙乙" });
  });
});
