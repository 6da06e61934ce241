import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { zh } from "../../renderer/i18n/zh.js";
import { en } from "../../renderer/i18n/en.js";
import { articleMessages } from "../../renderer/features/article/messages.js";
import { buildRenderer, startStudio, type Studio } from "./harness/startStudio.js";
import { visible } from "./harness/studioSteps.js";

/**
 * The running step of the timeline shows its token rate and the time its token budget may still
 * take, in the UI's language, from the engine's `step_tokens` events (real engine, real Chromium,
 * the scripted model streaming slowly so the draft step runs while the page is read).
 */
type Locale = "zh-CN" | "en";
const TABLES = [{ "zh-CN": zh, en }, articleMessages] as Array<{ "zh-CN": Record<string, string>; en: Record<string, string> }>;
function L(locale: Locale, key: string): string {
  const table = TABLES.find((t) => key in t["zh-CN"]);
  if (!table) throw new Error(`no message ${key}`);
  return table[locale][key] ?? "";
}

/** A message with its placeholder as a pattern (`{r} tokens/s` → /\d+\.\d tokens\/s/). */
function pattern(message: string, placeholder: string, value: string): RegExp {
  const [before = "", after = ""] = message.split(`{${placeholder}}`);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(`${escape(before)}${value}${escape(after)}`);
}

const opened: Studio[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  await buildRenderer();
}, 180_000);
afterEach(async () => {
  for (const studio of opened.splice(0)) await studio.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe.each<Locale>(["zh-CN", "en"])("the running step's progress (%s)", (locale) => {
  it("shows the step's token rate and an estimate of the time left", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-step-progress-"));
    dirs.push(dataDir);
    const studio = await startStudio({ dataDir });
    opened.push(studio);
    if (locale === "en") {
      await studio.engine.call("settings.update", { locale: "en" });
      await studio.page.reload();
    }
    const { page } = studio;
    const dialog = await visible(page.getByRole("dialog", { name: L(locale, "onboarding.title") }));
    await dialog.getByRole("button", { name: L(locale, "onboarding.skip") }).click();
    await page.getByRole("button", { name: L(locale, "article.nav") }).first().click();
    await page.getByLabel(L(locale, "article.intent.intent")).fill(locale === "en" ? "Why offline writing matters" : "离线写作的意义");
    await page.getByRole("button", { name: L(locale, "article.intent.start") }).click();
    const materials = await visible(page.getByRole("region", { name: L(locale, "article.materials.title"), exact: true }));
    await materials.getByRole("button", { name: L(locale, "article.materials.confirm") }).click();
    const outline = await visible(page.getByRole("region", { name: L(locale, "article.outline.title"), exact: true }));
    // Sections shorter than their token budget, streamed slowly: the draft step runs for a while with time left.
    studio.llm.sectionText = (title) => `「${title}」：${"本地模型让离线写作成为可能。".repeat(80)}`;
    studio.llm.streamEvery(40);
    await outline.getByRole("button", { name: L(locale, "article.outline.confirm") }).click();

    const running = page.locator('.timeline__item--running[data-step="writer_draft"]');
    const eta = running.locator("[data-step-eta]");
    await visible(eta, 60_000);
    const rate = await running.locator("[data-step-rate]").innerText();
    expect(rate).toMatch(pattern(L(locale, "timeline.rate"), "r", "\\d+\\.\\d"));
    expect(Number(await running.locator("[data-step-rate]").getAttribute("data-step-rate"))).toBeGreaterThan(0);
    expect(await eta.innerText()).toMatch(pattern(L(locale, "timeline.secondsLeft"), "t", "\\d+:\\d\\d"));
    expect(Number(await eta.getAttribute("data-step-eta"))).toBeGreaterThan(0);
    await studio.screenshot(`step-progress-${locale}`);
    // The figures belong to the running step: once it is done they are gone.
    studio.llm.streamEvery(2);
    const draft = await visible(page.getByRole("region", { name: L(locale, "article.pause.draft_confirm"), exact: true }), 120_000);
    expect(await draft.isVisible()).toBe(true);
    expect(await page.locator('.timeline__item--done[data-step="writer_draft"] [data-step-rate]').count()).toBe(0);
  }, 300_000);
});
