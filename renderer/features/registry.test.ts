import { describe, expect, it } from "vitest";
import { DEFAULT_SCREEN, FEATURES, featureForScreen, screenForWorkflow } from "./registry.js";
import { defineMessages, makeFeatureTranslate, resolveLabel } from "../i18n/defineMessages.js";
import { makeTranslate } from "../i18n/translate.js";

describe("feature registry", () => {
  it("maps every workflow to exactly one screen, and unknown ones to the default", () => {
    const claimed = FEATURES.flatMap((f) => f.workflows);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(screenForWorkflow("article")).toBe("studio");
    expect(screenForWorkflow("chat")).toBe("chat");
    expect(screenForWorkflow("no-such-workflow")).toBe(DEFAULT_SCREEN);
    expect(featureForScreen("settings")).toBeUndefined();
    expect(FEATURES.every((f) => f.screen !== "settings")).toBe(true);
  });
});

describe("feature messages", () => {
  const messages = defineMessages({ "demo.hello": "你好，{name}", "demo.only": "仅中文" }, { "demo.hello": "Hello, {name}", "demo.only": "" });
  it("looks a feature key up in the locale, then falls back to the shared dictionary", () => {
    const en = makeFeatureTranslate(messages, "en");
    expect(en("demo.hello", { name: "Ada" })).toBe("Hello, Ada");
    expect(en("common.cancel")).toBe("Cancel");
    expect(makeFeatureTranslate(messages, "zh-CN")("demo.hello", { name: "李" })).toBe("你好，李");
  });
  it("resolves a nav label given as a shared key or per-locale literals", () => {
    expect(resolveLabel("nav.studio", makeTranslate("zh-CN"), "zh-CN")).toBe("写作工坊");
    expect(resolveLabel({ "zh-CN": "文档生成", en: "Docs" }, makeTranslate("en"), "en")).toBe("Docs");
  });
});
