import { describe, expect, it } from "vitest";
import { zh } from "../../renderer/i18n/zh.js";
import { en } from "../../renderer/i18n/en.js";
import { docgenMessages } from "../../renderer/features/docgen/messages.js";
import { studioPerTest } from "./harness/startStudio.js";
import { visible } from "./harness/studioSteps.js";

/**
 * The doc generator's form at 1280×800 and 1024×768, in both UI languages: every select shows its
 * chosen option whole (not "内置规范（DOC_GU"), and the how-to-start hint is said once, not in both panes.
 */
const openStudio = studioPerTest();

describe.each([["zh-CN", zh] as const, ["en", en] as const])("the doc generator's form (%s)", { timeout: 180_000 }, (locale, T) => {
  it("shows each select's choice whole and its hint once", async () => {
    const studio = await openStudio({}, { locale, viewport: { width: 1280, height: 800 } });
    const { page } = studio;
    if (locale === "en") {
      await studio.engine.call("settings.update", { locale: "en" });
      await page.reload();
    }
    await (await visible(page.getByRole("button", { name: T["onboarding.skip"] }))).click();
    const M = docgenMessages[locale];
    for (const [width, height] of [
      [1280, 800],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByRole("button", { name: M["docgen.nav"] }).click();
      const form = await visible(page.getByRole("form", { name: M["docgen.title"] }));
      // Each select: the chosen option's text fits the box (its width less the arrow and padding).
      const clipped = await form.locator("select").evaluateAll((selects) =>
        selects.flatMap((el) => {
          const select = el as HTMLSelectElement;
          const text = select.options[select.selectedIndex]?.text ?? "";
          const probe = document.createElement("span");
          probe.style.font = getComputedStyle(select).font;
          probe.style.whiteSpace = "pre";
          probe.textContent = text;
          document.body.append(probe);
          const needed = probe.getBoundingClientRect().width;
          probe.remove();
          const style = getComputedStyle(select);
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
          return needed > room ? [`${select.name}: "${text}" needs ${Math.round(needed)} px, has ${Math.round(room)}`] : [];
        }),
      );
      expect(clipped, `${width}px`).toEqual([]);
      expect(await page.getByText(M["docgen.empty"], { exact: true }).count()).toBe(1);
      await studio.screenshot(`65-docgen-form-${locale}-${width}`);
    }
  });
});
