import { describe, expect, it } from "vitest";
import { zh } from "./zh.js";
import { en } from "./en.js";
import { fillTemplate, translate } from "./translate.js";

describe("i18n", () => {
  it("fills placeholders in both locales", () => {
    expect(translate("zh-CN", "knowledge.progress", { done: 3, total: 5 })).toBe("处理中：3/5");
    expect(translate("en", "draft.version", { n: 3 })).toMatch(/3/);
  });

  it("uses the same placeholders in every English string as in Chinese", () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)(?:\|[^|{}]*\|[^|{}]*)?\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(zh) as Array<keyof typeof zh>) expect([key, names(en[key])]).toEqual([key, names(zh[key])]);
  });

  it("writes an English plural by the number: 1 file, 2 files", () => {
    expect(translate("en", "drop.import", { n: 1 })).toBe("Import 1 file");
    expect(translate("en", "drop.import", { n: 3 })).toBe("Import 3 files");
    expect(translate("zh-CN", "drop.import", { n: 1 })).toBe("导入 1 个文件");
    expect(fillTemplate("{n|section|sections}", {})).toBe("{n|section|sections}");
  });

  it("keeps the brief's exact Chinese texts of the shared cards", () => {
    expect(zh["intervene.forceAccepted"]).toBe("已达到最大修改轮数，强制接受");
  });
});
