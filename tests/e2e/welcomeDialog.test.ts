import { beforeAll, describe, expect, it } from "vitest";
import { zh } from "../../renderer/i18n/zh.js";
import { en } from "../../renderer/i18n/en.js";
import { onboardingMessages } from "../../renderer/onboarding/messages.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";
import { studioPerTest } from "./harness/startStudio.js";
import { visible } from "./harness/studioSteps.js";

/**
 * The welcome dialog at 1280×800 in both UI languages: after a model is imported (the dialog then
 * shows the model and its note), 开始使用 is on screen without scrolling; and closing the dialog is
 * remembered by the data dir, so a second tab (its own sessionStorage) opens without it.
 */
const openStudio = studioPerTest();
let tinyPath = "";

beforeAll(async () => {
  tinyPath = await createTinyGguf();
});

describe.each([["zh-CN", zh] as const, ["en", en] as const])("the welcome dialog (%s)", { timeout: 180_000 }, (locale, T) => {
  it("keeps 开始使用 on screen after an import, and stays closed in another tab once closed", async () => {
    const studio = await openStudio({}, { locale, viewport: { width: 1280, height: 800 } });
    const { page } = studio;
    if (locale === "en") {
      await studio.engine.call("settings.update", { locale: "en" });
      await page.reload();
    }
    const dialog = await visible(page.getByRole("dialog", { name: T["onboarding.title"] }));
    await dialog.getByLabel(T["models.importPath"], { exact: true }).fill(tinyPath);
    await dialog.getByRole("button", { name: T["models.importBtn"], exact: true }).click();
    const start = await visible(dialog.getByRole("button", { name: onboardingMessages[locale]["onboarding.start"] }), 60_000);
    // On screen as it is, without scrolling anything.
    const box = (await start.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    await expect
      .poll(() =>
        start.evaluate(
          (el) =>
            document.elementFromPoint(el.getBoundingClientRect().x + 4, el.getBoundingClientRect().y + 4) === el ||
            el.contains(document.elementFromPoint(el.getBoundingClientRect().x + 4, el.getBoundingClientRect().y + 4)),
        ),
      )
      .toBe(true);
    await studio.screenshot(`63-welcome-imported-${locale}`);
    await start.click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(async () => (await studio.engine.call("settings.get", {})).onboardingDismissed).toBe(true);

    // Another tab of the same data dir: no dialog over the work.
    const second = await page.context().newPage();
    await second.goto(studio.appUrl);
    await visible(second.getByRole("button", { name: T["nav.settings"] }));
    await second.waitForTimeout(500);
    expect(await second.getByRole("dialog", { name: T["onboarding.title"] }).count()).toBe(0);
    await second.close();
  });
});
