import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { trackedDocxText } from "../fixtures/trackedDocxText.js";
import { readZipEntry } from "../integration/readZipEntry.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../electron/engine/testing/ScriptedLlm.js";
import { studioPerTest } from "./harness/startStudio.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();
const ORIGINAL = "# 我的文档\n\n这个工具贼好用。\n\n另一个功能也贼好用。\n";

/** The reviewer flags every 贼好用 line; the reviser replaces each (one replacement per line). */
function reviewLlm(): ScriptedLlm {
  const rows = (o: ScriptedCallOptions) => o.prompt.split("\n").filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"));
  return new ScriptedLlm({
    replies: {
      reviewer: { violations: [] },
      "reviewer.content_style": (o: ScriptedCallOptions) => ({ violations: rows(o).map((l) => ({ rule_id: "6.6", line: Number(l.slice(0, 4)), excerpt: "贼好用", comment: "口语化" })) }),
      "reviser.content_style": (o: ScriptedCallOptions) => ({
        replacements: rows(o).map((l) => ({ start_line: Number(l.slice(0, 4)), end_line: Number(l.slice(0, 4)), old_text: l.slice(6), new_content: l.slice(6).replace("贼好用", "易于使用"), reason: "口语化表达改为书面语" })),
      }),
    },
  });
}

const LABELS = {
  zh: { nav: "文档生成", review: "审查已有文档", topic: "主题", markdown: "要审查的 Markdown", start: "开始审查", rule: "规则：语气客观，不用口语和流行语——口语化表达改为书面语", accept: "接受", reject: "拒绝", save: "保存为新版本", export: "导出修订版 Word", saved: (n: number) => `已保存为版本 ${n}` },
  en: { nav: "Doc generator", review: "Review a document", topic: "Topic", markdown: "Markdown to review", start: "Review", rule: "Rule: An objective tone, no slang — 口语化表达改为书面语", accept: "Accept", reject: "Reject", save: "Save as a new version", export: "Export Word with tracked changes", saved: (n: number) => `Saved as version ${n}` },
} as const;
const squeeze = (text: string) => text.replace(/\s+/g, "");

describe.each(["zh", "en"] as const)("docgen review: per-change accept / reject in Chromium (%s)", { timeout: 240_000 }, (lang) => {
  const L = LABELS[lang];
  it("keeps a rejected change rejected: the saved version, the tracked Word file drawn like the normal export, and the choices after reopening", async () => {
    const studio = await openStudio({ llm: reviewLlm() });
    const { page } = studio;
    await skipOnboarding(page);
    if (lang === "en") {
      await page.getByLabel("界面语言").selectOption("en");
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    }
    await page.getByRole("button", { name: L.nav }).click();
    await page.getByLabel(L.review).check();
    await page.getByLabel(L.topic, { exact: true }).fill("我的文档");
    await page.getByLabel(L.markdown).fill(ORIGINAL);
    await page.getByRole("button", { name: L.start, exact: true }).click();

    const card = page.locator(".docgen-changes");
    await visible(card, 90_000);
    const items = card.locator("li[data-change]");
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(2);
    await visible(card.getByText(L.rule).first());
    // Each change names its rule by title (never the guide's "6.6" or the fixer's "fix"), and shows the
    // unchanged text around it, so even a change of one space shows where it sits.
    const cardText = await card.innerText();
    expect(cardText).not.toMatch(/6\.6|规则 fix|rule fix|确定性修复/i);
    await expect.poll(() => items.first().locator(".docgen-changes__context").first().innerText()).toContain("这个工具");
    // The accept / reject labels keep to one line (no "拒/绝").
    for (const label of await card.locator(".docgen-changes__choice label").all()) {
      const lines = await label.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).fontSize));
      expect(lines).toBeLessThan(2.2);
    }
    if (lang === "zh") await studio.screenshot("45-docgen-review-changes");

    // Reject the last change (the second line's), keep the others, and save the choice.
    const second = items.last();
    await second.getByLabel(L.reject).check();
    await expect.poll(() => second.getAttribute("data-accepted")).toBe("false");
    await card.getByRole("button", { name: L.save }).click();
    await visible(card.getByRole("status"));

    // The saved version: the first change accepted, the second rejected.
    const { sessions } = await studio.engine.call("sessions.list", { workflow: "docgen" });
    const sessionId = sessions[0]!.id;
    const { versions } = await studio.engine.call("documents.versions", { sessionId });
    const saved = versions.find((v) => v.reason === "manual_edit")!;
    const { markdown } = await studio.engine.call("documents.version", { sessionId, number: saved.number });
    expect(markdown).toBe("# 我的文档\n\n这个工具易于使用。\n\n另一个功能也贼好用。\n");
    await visible(card.getByText(L.saved(saved.number)));

    // The tracked export is of the saved version (the rejected change is not proposed again), and
    // it is drawn by the document renderer: a Word heading, no literal markdown.
    const download = page.waitForEvent("download");
    await card.getByRole("button", { name: L.export }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`-v1-v${saved.number}-tracked\\.docx$`));
    expect(file.suggestedFilename()).not.toContain("：");
    const docx = fs.readFileSync(await file.path());
    const xml = readZipEntry(docx, "word/document.xml")!.toString("utf8");
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(xml).not.toMatch(/<w:t[^>]*># /);
    const normal = async (number: number) => trackedDocxText(Buffer.from((await studio.engine.call("documents.export", { sessionId, format: "docx", number })).content, "base64"), true);
    expect(trackedDocxText(docx, true)).toBe(await normal(saved.number));
    expect(trackedDocxText(docx, true)).toContain("另一个功能也贼好用");
    expect(squeeze(trackedDocxText(docx, false))).toBe(squeeze(await normal(1)));

    // Reopened, the session shows the user's choices, not every change accepted again.
    await page.reload();
    const reopened = page.locator(".docgen-changes li[data-change]");
    await expect.poll(() => reopened.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => reopened.last().getAttribute("data-accepted")).toBe("false");
    expect(await reopened.first().getAttribute("data-accepted")).toBe("true");
    await expect.poll(() => reopened.last().getByLabel(L.reject).isChecked()).toBe(true);
    expect(studio.pageErrors).toEqual([]);
    expect(studio.foreignRequests).toEqual([]);
  });
});
