import { describe, expect, it } from "vitest";
import { zh } from "./zh.js";
import { en } from "./en.js";
import { translate } from "./translate.js";

describe("i18n", () => {
  it("fills placeholders in both locales", () => {
    expect(translate("zh-CN", "materials.count", { n: 3, k: 1 })).toBe("共 3 条素材，已选 1 条");
    expect(translate("en", "materials.count", { n: 3, k: 1 })).toBe("3 materials, 1 selected");
  });

  it("uses the same placeholders in every English string as in Chinese", () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(zh) as Array<keyof typeof zh>) expect([key, names(en[key])]).toEqual([key, names(zh[key])]);
  });

  it("keeps the brief's exact Chinese button texts", () => {
    expect(zh["materials.confirm"]).toBe("确认素材，开始规划大纲");
    expect(zh["materials.noneConfirm"]).toBe("不使用任何素材直接写作？");
    expect(zh["outline.confirm"]).toBe("确认大纲，开始写作");
    expect(zh["intervene.forceAccepted"]).toBe("已达到最大修改轮数，强制接受");
  });
});
