import { describe, expect, it } from "vitest";
import { studioPerTest } from "./harness/startStudio.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();

describe("chat screen in Chromium", { timeout: 120_000 }, () => {
  it("streams a reply to a prompt and switches the UI to English", async () => {
    const studio = await openStudio();
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
