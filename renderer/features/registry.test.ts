import { describe, expect, it } from "vitest";
import { DEFAULT_SCREEN, featureForScreen, listFeatures, registerFeature, screenForWorkflow } from "./registry.js";
import { defineMessages, makeFeatureTranslate, pauseLabel, resolveLabel } from "../i18n/defineMessages.js";
import { makeTranslate } from "../i18n/translate.js";

describe("feature registry", () => {
  it("maps every workflow to exactly one screen, and unknown ones to the default", () => {
    const claimed = listFeatures().flatMap((f) => f.workflows);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(screenForWorkflow("article")).toBe("studio");
    expect(screenForWorkflow("chat")).toBe("chat");
    expect(screenForWorkflow("no-such-workflow")).toBe(DEFAULT_SCREEN);
    expect(featureForScreen("settings")).toBeUndefined();
    expect(listFeatures().every((f) => f.screen !== "settings")).toBe(true);
  });

  it("refuses a taken screen, a reserved one or a claimed workflow, registering nothing", () => {
    const before = listFeatures().length;
    const component = () => null;
    expect(() => registerFeature({ screen: "studio", workflows: ["x1"], nav: { label: "x", icon: "x" }, component })).toThrow(/already registered/);
    expect(() => registerFeature({ screen: "settings", workflows: ["x2"], nav: { label: "x", icon: "x" }, component })).toThrow(/reserved/);
    expect(() => registerFeature({ screen: "x3", workflows: ["paper"], nav: { label: "x", icon: "x" }, component })).toThrow(/workflow "paper" already has a screen \("paper"\)/);
    expect(listFeatures().length).toBe(before);
    expect(screenForWorkflow("x1")).toBe(DEFAULT_SCREEN);
  });

  it("uses the same placeholders in every feature's English strings as in Chinese", () => {
    // `{n}` and the plural form `{n|one|other}` both name the placeholder n.
    const names = (s: string) => [...s.matchAll(/\{(\w+)(?:\|[^|{}]*\|[^|{}]*)?\}/g)].map((m) => m[1]).sort();
    for (const feature of listFeatures()) {
      const messages = feature.messages;
      if (!messages) continue;
      expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages["zh-CN"]).sort());
      for (const key of Object.keys(messages["zh-CN"])) expect([key, names(messages.en[key] ?? "")]).toEqual([key, names(messages["zh-CN"][key] ?? "")]);
    }
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
  it("resolves a nav label given as a shared key, a registered feature key or per-locale literals", () => {
    expect(resolveLabel("nav.settings", makeTranslate("zh-CN"), "zh-CN")).toBe("设置");
    expect(resolveLabel("article.nav", makeTranslate("zh-CN"), "zh-CN")).toBe("写作工坊");
    expect(resolveLabel({ "zh-CN": "文档生成", en: "Docs" }, makeTranslate("en"), "en")).toBe("Docs");
  });
  it("names a workflow's pause from its registered strings, else by its raw name", () => {
    expect(pauseLabel("zh-CN", "article", "material_confirm")).toBe("确认素材");
    expect(pauseLabel("en", "docgen", "outline_confirm")).toBe("Confirm the outline");
    expect(pauseLabel("en", "unknown", "some_pause")).toBe("some_pause");
  });
});
