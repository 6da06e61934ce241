import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, describe, expect, it } from "vitest";
import { en } from "../../renderer/i18n/en.js";
import { zh } from "../../renderer/i18n/zh.js";
import { backupMessages } from "../../renderer/settings/backupMessages.js";
import { teamLibraryMessages } from "../../renderer/settings/teamLibraryMessages.js";
import { studioPerTest } from "./harness/startStudio.js";
import { visible } from "./harness/studioSteps.js";

/** Settings → 知识库 in the browser: 备份与恢复 (a backup zip, a restore staged for the next start), diagnostics, team locations. */
const openStudio = studioPerTest();
type Locale = "zh-CN" | "en";
const TABLES = [{ "zh-CN": zh, en }, backupMessages, teamLibraryMessages] as Array<{ "zh-CN": Record<string, string>; en: Record<string, string> }>;
function L(locale: Locale, key: string): string {
  const table = TABLES.find((t) => key in t["zh-CN"]);
  if (!table) throw new Error(`no message ${key}`);
  return table[locale][key] ?? "";
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "settings-backup-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe.each<Locale>(["zh-CN", "en"])("the backup card (%s)", (locale) => {
  it("downloads a backup with app.db, stages a restore for the next start, exports diagnostics, saves team locations", async () => {
    const studio = await openStudio();
    const { page, engine } = studio;
    await engine.call("settings.update", { locale: locale === "en" ? "en" : "zh-CN" });
    await page.reload();
    const dialog = page.getByRole("dialog", { name: L(locale, "onboarding.title") });
    await dialog.waitFor({ state: "visible", timeout: 15_000 }).catch(() => undefined);
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: L(locale, "onboarding.skip") }).click();
    await page.getByRole("button", { name: L(locale, "nav.settings") }).first().click();
    await page.getByRole("tab", { name: L(locale, "settings.knowledge") }).click();
    await visible(page.getByRole("heading", { name: L(locale, "backup.title") }));
    // Secrets are off unless the user ticks the box.
    expect(await page.getByLabel(L(locale, "backup.withSecrets")).isChecked()).toBe(false);

    const download = page.waitForEvent("download", { timeout: 60_000 });
    await page.getByRole("button", { name: L(locale, "backup.create") }).click();
    const file = path.join(tmp, `${locale}-backup.zip`);
    const arrived = await download;
    expect(arrived.suggestedFilename()).toMatch(/^scriptorium-backup-.*\.zip$/);
    await arrived.saveAs(file);
    const zip = await JSZip.loadAsync(fs.readFileSync(file));
    expect(zip.file("app.db")).not.toBeNull();
    expect(zip.file("secrets.json")).toBeNull();

    // Restore: the browser uploads the zip, the engine checks and stages it, the card says when it applies.
    await page.locator(`input[type="file"][aria-label="${L(locale, "backup.restore")}"]`).setInputFiles(file);
    const staged = L(locale, "backup.staged").split("{date}")[1]!.slice(0, 12);
    await visible(page.getByRole("status").filter({ hasText: staged }), 60_000);
    expect(fs.existsSync(path.join(studio.dataDir, "restore-pending.zip"))).toBe(true);

    const diagnostics = page.waitForEvent("download", { timeout: 60_000 });
    await page.getByRole("button", { name: L(locale, "backup.diagnostics") }).click();
    const report = await JSZip.loadAsync(fs.readFileSync(await (await diagnostics).path()));
    expect(report.file("versions.json")).not.toBeNull();
    expect(report.file("app.db")).toBeNull();

    // The team library card sets the papers and code collections' locations too.
    const team = page.locator("section.card").filter({ has: page.getByRole("heading", { name: L(locale, "team.title") }) });
    await team.getByLabel(L(locale, "team.papersLocation")).fill("s3://team/papers");
    await team.getByLabel(L(locale, "team.codeLocation")).fill("s3://team/code");
    await team.getByRole("button", { name: L(locale, "team.save") }).click();
    await expect
      .poll(async () => (await engine.call("settings.get", {})).objectStore.locations, { timeout: 30_000 })
      .toEqual({ papers: "s3://team/papers", code: "s3://team/code" });
    expect(studio.pageErrors).toEqual([]);
  }, 240_000);
});
