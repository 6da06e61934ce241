import { describe, expect, it } from "vitest";
import { studioPerTest } from "./harness/startStudio.js";
import { confirmMaterials, confirmOutline, expectDraftToContain, skipOnboarding, startArticle, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();

/** What a compromised or confused model might write into a section. */
const PAYLOADS = [
  "开头文字 <img src=x onerror=\"window.__xss='img'\"> 之后",
  "<script>window.__xss='script'</script>",
  "[点我](javascript:window.__xss='link') 和 [数据链接](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "![追踪像素](http://198.51.100.7/pixel.png) ![另一个](//evil.example/a.gif)",
  "<iframe src=\"http://198.51.100.7/\"></iframe><a href=\"javascript:window.__xss='raw'\">原始链接</a>",
  "<svg onload=\"window.__xss='svg'\"></svg> 引用 [m001] 结尾标记",
].join("\n\n");

describe("markdown rendering safety in Chromium", { timeout: 120_000 }, () => {
  it("renders XSS payloads from a draft inert: no script runs, no request leaves", async () => {
    const studio = await openStudio();
    const { page, llm } = studio;
    llm.sectionText = () => PAYLOADS;
    await skipOnboarding(page);
    await startArticle(page, "安全测试");
    await confirmMaterials(page);
    await confirmOutline(page);
    await expectDraftToContain(page, "结尾标记");
    const view = await visible(page.getByTestId("markdown-view"));
    // Give any injected handler a chance to fire before asserting it did not.
    await page.waitForTimeout(500);

    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
    expect(await view.locator("script, img, iframe, svg, object, embed").count()).toBe(0);
    const hrefs = await view.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.filter((h) => !/^https?:\/\//.test(h))).toEqual([]);
    expect(await view.innerText()).toContain("[图片：追踪像素]");
    // Citations still work next to the payloads.
    await visible(view.getByRole("button", { name: "素材 m001" }));
    expect(studio.foreignRequests).toEqual([]);
    expect(studio.pageErrors.filter((e) => !e.includes("favicon"))).toEqual([]);

    // The markdown editor shows the same text as plain text, also inert.
    await page.getByRole("tab", { name: "编辑" }).click();
    await page.getByRole("textbox", { name: "Markdown 编辑器" }).waitFor({ state: "visible", timeout: 20_000 });
    await expect.poll(() => page.locator(".cm-content").innerText()).toContain("<script>");
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
    await studio.screenshot("12-markdown-safety");
  });
});
