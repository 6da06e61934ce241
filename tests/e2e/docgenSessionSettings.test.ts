import { describe, expect, it } from "vitest";
import { zh } from "../../renderer/i18n/zh.js";
import { en } from "../../renderer/i18n/en.js";
import { docgenMessages } from "../../renderer/features/docgen/messages.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../electron/engine/testing/ScriptedLlm.js";
import { sectionIndexOf } from "../../electron/engine/testing/docgenTestKit.js";
import { studioPerTest } from "./harness/startStudio.js";
import { visible } from "./harness/studioSteps.js";

/**
 * A finished doc-generator session reopens under its own settings (Text, its topic), not under the
 * blank start form (Code folder, an empty topic, a Generate button), and its timeline starts in view.
 */
const openStudio = studioPerTest();
type Locale = "zh-CN" | "en";
const TABLES = [{ "zh-CN": zh, en }, docgenMessages] as Array<{ "zh-CN": Record<string, string>; en: Record<string, string> }>;
function L(locale: Locale, key: string): string {
  const table = TABLES.find((t) => key in t["zh-CN"]);
  if (!table) throw new Error(`no message ${key}`);
  return table[locale][key] ?? "";
}

function llm(): ScriptedLlm {
  const titles = ["Overview", "Usage"];
  return new ScriptedLlm({
    replies: {
      "writer.outline": { title: "Team handbook", sections: titles.map((title, i) => ({ title, scope: `Scope ${i + 1}` })) },
      "writer.section": (o: ScriptedCallOptions) => `## ${titles[sectionIndexOf(o)] ?? "Overview"}\n\nThis section explains it.`,
      reviewer: { violations: [] },
    },
  });
}

describe.each<Locale>(["zh-CN", "en"])("a finished docgen session (%s)", (locale) => {
  it("opens under its own settings with its timeline in view, not the empty start form", async () => {
    const studio = await openStudio({ llm: llm() }, { viewport: { width: 1280, height: 800 } });
    const { page, engine } = studio;
    await engine.call("settings.update", { locale: locale === "en" ? "en" : "zh-CN" });
    const topic = locale === "en" ? "Team handbook for the API" : "团队接口手册";
    const { sessionId } = await engine.call("run.start", {
      workflow: "docgen",
      input: { input_mode: "text", topic, context: "How the team writes its API docs.", confirm_outline: false, locale: "en" },
    });
    await expect.poll(async () => (await engine.call("run.state", { sessionId })).session.status, { timeout: 90_000 }).toBe("done");

    await page.goto(`${studio.appUrl}#session=${encodeURIComponent(sessionId)}`);
    const dialog = await visible(page.getByRole("dialog", { name: L(locale, "onboarding.title") }));
    await dialog.getByRole("button", { name: L(locale, "onboarding.skip") }).click();
    const settings = await visible(page.getByRole("region", { name: L(locale, "docgen.settings") }), 30_000);
    await expect.poll(() => settings.innerText()).toContain(topic);
    const text = await settings.innerText();
    expect(text).toContain(L(locale, "docgen.mode.text"));
    expect(text).not.toContain(L(locale, "docgen.mode.code"));
    expect(text).toContain(L(locale, "docgen.locale.en"));
    // No start form and no Generate button over a finished run.
    expect(await page.getByRole("form", { name: L(locale, "docgen.title") }).count()).toBe(0);
    expect(await page.getByRole("button", { name: L(locale, "docgen.start"), exact: true }).count()).toBe(0);
    // The timeline's first step is in the first screen.
    const first = await visible(page.locator(".docgen-left .timeline__item").first());
    const box = await first.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThan(800);
    await studio.screenshot(`docgen-session-settings-${locale}`);

    // + 新建文档 closes the session and brings the empty form back.
    await page.getByRole("button", { name: `+ ${L(locale, "docgen.newDocument")}` }).click();
    await visible(page.getByRole("button", { name: L(locale, "docgen.start"), exact: true }));
    expect(await page.getByLabel(L(locale, "docgen.topic")).inputValue()).toBe("");
  }, 240_000);
});
