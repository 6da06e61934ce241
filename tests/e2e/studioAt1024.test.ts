import { describe, expect, it } from "vitest";
import { studioPerTest } from "./harness/startStudio.js";
import { confirmMaterials, confirmOutline, skipOnboarding, startArticle } from "./harness/studioSteps.js";

/**
 * The studio at 1024×768: the sidebar's status pills stay on one line and its titles keep more than a
 * few characters, and the flow pane does not stack scroll areas inside scroll areas (one scroll for
 * the timeline and its cards, besides the document pane's own).
 */
const openStudio = studioPerTest();

describe("the studio at 1024×768", { timeout: 180_000 }, () => {
  it("keeps pills on one line, titles readable, and one scroll area around the timeline", async () => {
    const studio = await openStudio({}, { viewport: { width: 1024, height: 768 } });
    const { page } = studio;
    await skipOnboarding(page);
    await startArticle(page, "离线 AI 写作对工程团队的意义与落地路径");
    await confirmMaterials(page);
    await confirmOutline(page);

    const pills = await page.locator(".session .pill").evaluateAll((els) => els.map((el) => ({ h: el.getBoundingClientRect().height, lh: parseFloat(getComputedStyle(el).fontSize) })));
    expect(pills.length).toBeGreaterThan(0);
    for (const pill of pills) expect(pill.h).toBeLessThan(pill.lh * 2.2);
    const titleWidth = await page.locator(".session__title").first().evaluate((el) => el.getBoundingClientRect().width);
    // More than ~6 Chinese characters (13 px each).
    expect(titleWidth).toBeGreaterThan(110);

    // Scrollable boxes that hold the timeline, from it up to the page.
    const scrollers = await page.locator(".timeline").first().evaluate((el) => {
      const found: string[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (/(auto|scroll)/.test(style.overflowY) && node.scrollHeight > node.clientHeight + 1) found.push(node.getAttribute("class") || node.tagName);
      }
      return found;
    });
    expect(scrollers.length, scrollers.join(" | ")).toBeLessThanOrEqual(1);
    await studio.screenshot("64-studio-1024");
  });
});
