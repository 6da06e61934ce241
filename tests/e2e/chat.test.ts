import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildRenderer, startStudio, type Studio } from "./harness/startStudio.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";

let studio: Studio | null = null;
beforeAll(async () => {
  await buildRenderer();
}, 180_000);
afterEach(async () => {
  await studio?.close();
  studio = null;
});

describe("chat screen in Chromium", { timeout: 120_000 }, () => {
  it("streams a reply to a prompt and switches the UI to English", async () => {
    studio = await startStudio();
    const { page } = studio;
    await skipOnboarding(page);
    await page.getByRole("button", { name: "对话" }).click();
    await page.getByLabel("输入问题").fill("你好");
    await page.getByRole("button", { name: "发送" }).click();
    const reply = await visible(page.getByTestId("chat-reply"));
    await expect.poll(() => reply.innerText(), { timeout: 20_000 }).toContain("离线运行的写作助手");
    await studio.screenshot("13-chat");

    await page.getByLabel("界面语言").selectOption("en");
    await visible(page.getByRole("button", { name: "Settings" }));
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en");
  });
});
