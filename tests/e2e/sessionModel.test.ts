import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { studioPerTest } from "./harness/startStudio.js";
import { card, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();

const TEXT = {
  zh: { later: "稍后再说", pick: "本会话的模型", intent: "写什么", start: "开始写作", materials: "素材确认", chat: "对话",
    prompt: "输入问题", send: "发送", beta: "模型：beta-writer.gguf", defaultOption: "默认（当前对话模型：alpha-writer.gguf）" },
  en: { later: "Later", pick: "Model for this session", intent: "What to write", start: "Start writing", materials: "Confirm materials",
    chat: "Chat", prompt: "Your question", send: "Send", beta: "Model: beta-writer.gguf", defaultOption: "Default (the chat model: alpha-writer.gguf)" },
} as const;

describe.each(["zh", "en"] as const)("the session's own model, chosen where a session starts (%s, Chromium, real engine)", (locale) => {
  const T = TEXT[locale];
  it("starts an article on the second installed GGUF and a chat on the default chat model", { timeout: 180_000 }, async () => {
    const studio = await openStudio();
    const { page } = studio;
    // Two real GGUF files under different names in the data dir's models/, the first one the chat model.
    const [first, second] = await Promise.all([createTinyGguf(), createTinyGguf({ seed: 2 })]);
    fs.copyFileSync(first, path.join(studio.dataDir, "models", "alpha-writer.gguf"));
    fs.copyFileSync(second, path.join(studio.dataDir, "models", "beta-writer.gguf"));
    await studio.engine.call("models.select", { chatModel: "alpha-writer.gguf" });
    const starts: Record<string, unknown>[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/rpc/run.start")) starts.push(request.postDataJSON() as Record<string, unknown>);
    });
    await page.reload();
    const later = page.getByRole("button", { name: TEXT.zh.later });
    await later.waitFor({ state: "visible", timeout: 20_000 }).catch(() => undefined);
    if (await later.isVisible()) await later.click();
    if (locale === "en") await page.getByLabel("界面语言").selectOption("en");

    // The article studio's start form offers the default (naming the chat model) and both installed models.
    const picker = await visible(page.getByLabel(T.pick));
    await expect.poll(() => picker.locator("option").allInnerTexts(), { timeout: 20_000 }).toEqual([T.defaultOption, "alpha-writer.gguf", "beta-writer.gguf"]);
    await picker.selectOption("beta-writer.gguf");
    await page.getByLabel(T.intent).fill(locale === "zh" ? "本地大模型的离线写作" : "Offline writing with local models");
    await page.getByRole("button", { name: T.start }).click();
    await visible(card(page, T.materials));
    expect(starts[0]).toMatchObject({ workflow: "article", model_name: "beta-writer.gguf" });
    await expect.poll(() => page.getByRole("status", { name: "status" }).getByTestId("session-model").innerText(), { timeout: 20_000 }).toBe(T.beta);

    // A chat started with the default sends no model_name and names the app's chat model.
    await page.getByRole("button", { name: T.chat, exact: true }).click();
    await expect(page.getByLabel(T.pick).inputValue()).resolves.toBe("");
    await page.getByLabel(T.prompt).fill(locale === "zh" ? "你好" : "Hello");
    await page.getByRole("button", { name: T.send }).click();
    await expect.poll(() => starts.length, { timeout: 20_000 }).toBe(2);
    expect(starts[1]).toMatchObject({ workflow: "chat" });
    expect(starts[1]).not.toHaveProperty("model_name");
    const reply = await visible(page.getByTestId("chat-reply"));
    await expect.poll(() => reply.getByTestId("session-model").innerText(), { timeout: 20_000 }).toContain("alpha-writer.gguf");
    await studio.screenshot(`session-model-${locale}`);
  });
});
