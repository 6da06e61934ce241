import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { zh } from "../../renderer/i18n/zh.js";
import { en } from "../../renderer/i18n/en.js";
import { articleMessages } from "../../renderer/features/article/messages.js";
import { buildRenderer, startStudio, type Studio } from "./harness/startStudio.js";
import { visible } from "./harness/studioSteps.js";

/**
 * A server restart in the middle of a step: the step the killed engine left open reads "cut by a
 * restart" and the run's new attempt finishes beside it, so no step stays 进行中 once the run
 * waits at its next pause; and the elapsed clock stands still while the run waits for the user.
 */
type Locale = "zh-CN" | "en";
const TABLES = [{ "zh-CN": zh, en }, articleMessages] as Array<{ "zh-CN": Record<string, string>; en: Record<string, string> }>;
function L(locale: Locale, key: string): string {
  const table = TABLES.find((t) => key in t["zh-CN"]);
  if (!table) throw new Error(`no message ${key}`);
  return table[locale][key] ?? "";
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

/** Opens the app on `dataDir`; the welcome dialog shows on the first open only (its dismissal is kept in the data dir). */
async function open(dataDir: string, locale: Locale, reopened = false): Promise<Studio> {
  const studio = await startStudio({ dataDir });
  opened.push(studio);
  if (locale === "en") {
    await studio.engine.call("settings.update", { locale: "en" });
    await studio.page.reload();
  }
  const welcome = studio.page.getByRole("dialog", { name: L(locale, "onboarding.title") });
  if (reopened) {
    await visible(studio.page.getByRole("button", { name: L(locale, "article.nav") }));
    await expect(welcome.count()).resolves.toBe(0);
  } else {
    await (await visible(welcome)).getByRole("button", { name: L(locale, "onboarding.skip") }).click();
  }
  return studio;
}

async function elapsedText(page: Page, locale: Locale): Promise<string> {
  const prefix = L(locale, "status.elapsed").replace("{t}", "");
  return (await page.getByRole("status", { name: "status" }).getByText(prefix.trim())).innerText();
}

describe.each<Locale>(["zh-CN", "en"])("a restart mid-step (%s)", (locale) => {
  it("closes the cut step, runs it again, and stops the clock while the run waits", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-restart-"));
    dirs.push(dataDir);
    const first = await open(dataDir, locale);
    const { page } = first;
    await page.getByRole("button", { name: L(locale, "article.nav") }).first().click();
    await page.getByLabel(L(locale, "article.intent.intent")).fill(locale === "en" ? "Why offline writing matters" : "离线写作的意义");
    await page.getByRole("button", { name: L(locale, "article.intent.start") }).click();
    const materials = await visible(page.getByRole("region", { name: L(locale, "article.materials.title"), exact: true }));
    await materials.getByRole("button", { name: L(locale, "article.materials.confirm") }).click();
    const outline = await visible(page.getByRole("region", { name: L(locale, "article.outline.title"), exact: true }));
    // Sections long enough that the draft step is still running when the engine goes away.
    first.llm.sectionText = () => "正文".repeat(60_000);
    await outline.getByRole("button", { name: L(locale, "article.outline.confirm") }).click();
    await visible(page.locator('.timeline__item--running[data-step="writer_draft"]'), 30_000);
    const sessionId = decodeURIComponent(new URL(page.url()).hash.replace("#session=", ""));
    expect(sessionId).not.toBe("");
    // The engine stops without finishing the step, as a killed process would; the next start continues the run.
    await first.close();
    opened.splice(opened.indexOf(first), 1);

    const second = await open(dataDir, locale, true);
    await second.page.goto(`${second.appUrl}#session=${encodeURIComponent(sessionId)}`);
    const draft = await visible(second.page.getByRole("region", { name: L(locale, "article.pause.draft_confirm"), exact: true }), 60_000);
    await expect(draft.isVisible()).resolves.toBe(true);
    const steps = second.page.locator('.timeline__item[data-step="writer_draft"]');
    await expect.poll(() => steps.count()).toBe(2);
    await expect(steps.nth(0).innerText()).resolves.toContain(L(locale, "step.interrupted"));
    await expect(steps.nth(1).getAttribute("class")).resolves.toContain("timeline__item--done");
    // Nothing reads 进行中 / Running while the run waits for the user.
    expect(await second.page.locator(".timeline__item--running").count()).toBe(0);
    expect(await second.page.locator(".timeline").innerText()).not.toContain(L(locale, "step.running"));

    // The clock stands still at the pause (it counts working time, not the user's reading time).
    const before = await elapsedText(second.page, locale);
    await second.page.waitForTimeout(2_500);
    expect(await elapsedText(second.page, locale)).toBe(before);
    await second.screenshot(`restart-timeline-${locale}`);
  }, 240_000);
});
