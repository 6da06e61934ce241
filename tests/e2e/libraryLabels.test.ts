import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { zh } from "../../renderer/i18n/zh.js";
import { en } from "../../renderer/i18n/en.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { studioPerTest } from "./harness/startStudio.js";
import { visible } from "./harness/studioSteps.js";

/**
 * Settings → 知识库 in both UI languages: the sources table names a file's kind and collection in
 * words ("Markdown", "知识库"), not the engine's ids ("markdown", "library"), and a bound folder's
 * unreadable PDF is listed once by name with its reason, not "broken.pdf: broken.pdf: …".
 */
const openStudio = studioPerTest();

describe.each([["zh-CN", zh] as const, ["en", en] as const])("the library's labels (%s)", { timeout: 180_000 }, (locale, T) => {
  it("shows kinds and collections in words, and an unreadable file's name once", async () => {
    const studio = await openStudio({ knowledgeOptions: { loadEmbedder: async () => new HashEmbedder(32) } }, { locale });
    const { page, dataDir } = studio;
    if (locale === "en") {
      await studio.engine.call("settings.update", { locale: "en" });
      await page.reload();
    }
    await (await visible(page.getByRole("button", { name: T["onboarding.skip"] }))).click();
    const folder = path.join(dataDir, "notes");
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "note.md"), "# 笔记\n\n离线写作的要点。\n");
    fs.writeFileSync(path.join(folder, "broken.pdf"), "%PDF-1.4 not really a pdf");

    await page.getByRole("button", { name: T["nav.settings"] }).click();
    await page.getByRole("tab", { name: T["settings.knowledge"] }).click();
    await page.getByLabel(T["knowledge.folderPath"]).fill(folder);
    await page.getByRole("button", { name: T["knowledge.bindFolder"] }).click();

    const table = page.locator(".card--wide table");
    await expect.poll(() => table.innerText(), { timeout: 60_000 }).toContain("note.md");
    const row = await table.locator("tr", { hasText: "note.md" }).innerText();
    expect(row).toContain(T["knowledge.kind.markdown"]);
    expect(row).toContain(T["knowledge.collection.library"]);
    expect(row).not.toMatch(/\bmarkdown\b|\blibrary\b/);

    // The folder's failed file: named once, with its reason.
    const failedLabel = locale === "en" ? "could not be read" : "个文件无法读取";
    const failed = page.locator("details", { hasText: failedLabel });
    await expect.poll(() => failed.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await failed.first().locator("summary").click();
    const line = await visible(failed.first().locator("li", { hasText: "broken.pdf" }));
    expect((await line.innerText()).match(/broken\.pdf/g)).toHaveLength(1);
    await studio.screenshot(`62-library-labels-${locale}`);
  });
});
