import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { trackedDocxText } from "../fixtures/trackedDocxText.js";
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

describe("docgen review: per-change accept / reject in Chromium", { timeout: 180_000 }, () => {
  it("lists the review's changes with their rule, keeps the user's choice as a new version and exports a tracked-changes Word file", async () => {
    const studio = await openStudio({ llm: reviewLlm() });
    const { page } = studio;
    await skipOnboarding(page);
    await page.getByRole("button", { name: "文档生成" }).click();
    await page.getByLabel("审查已有文档").check();
    await page.getByLabel("主题").fill("我的文档");
    await page.getByLabel("要审查的 Markdown").fill(ORIGINAL);
    await page.getByRole("button", { name: "开始审查" }).click();

    const card = page.locator(".docgen-changes");
    await visible(card, 90_000);
    const items = card.locator("li[data-change]");
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(2);
    await visible(card.getByText("规则 6.6：口语化表达改为书面语").first());
    await studio.screenshot("45-docgen-review-changes");

    // Reject the last change (the second line's), keep the others.
    const second = items.last();
    await second.getByLabel("拒绝").check();
    await expect.poll(() => second.getAttribute("data-accepted")).toBe("false");
    await card.getByRole("button", { name: "保存为新版本" }).click();
    await visible(card.getByRole("status"));

    const download = page.waitForEvent("download");
    await card.getByRole("button", { name: "导出修订版 Word" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/-tracked\.docx$/);
    const docx = fs.readFileSync(await file.path());
    expect(trackedDocxText(docx, false)).toBe(ORIGINAL);
    expect(trackedDocxText(docx, true)).toBe(ORIGINAL.replaceAll("贼好用", "易于使用"));

    // The saved version: the first change accepted, the second rejected.
    const { sessions } = await studio.engine.call("sessions.list", { workflow: "docgen" });
    const { versions } = await studio.engine.call("documents.versions", { sessionId: sessions[0]!.id });
    const saved = versions.find((v) => v.reason === "manual_edit")!;
    const { markdown } = await studio.engine.call("documents.version", { sessionId: sessions[0]!.id, number: saved.number });
    expect(markdown).toBe("# 我的文档\n\n这个工具易于使用。\n\n另一个功能也贼好用。\n");
    await visible(card.getByText(`已保存为版本 ${saved.number}`));
    expect(studio.pageErrors).toEqual([]);
    expect(studio.foreignRequests).toEqual([]);
  });
});
