import { describe, expect, it } from "vitest";
import fs from "node:fs";
import { trackedDocxText } from "../fixtures/trackedDocxText.js";
import { readZipEntry } from "../integration/readZipEntry.js";
import { studioPerTest } from "./harness/startStudio.js";
import { card, confirmMaterials, confirmOutline, draftText, expectDraftToContain, expectFinished, skipOnboarding, startArticle, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();

describe("article studio in Chromium (real engine, scripted LLM)", { timeout: 120_000 }, () => {
  it("goes through all four pauses to a final draft, with versions, diff and export", async () => {
    const studio = await openStudio();
    const { page, llm } = studio;
    await visible(page.getByRole("dialog", { name: "欢迎使用 Scriptorium" }));
    await studio.screenshot("00-onboarding");
    await skipOnboarding(page);

    await startArticle(page, "介绍本地大模型在离线写作中的应用");
    const materials = card(page, "素材确认");
    await expect.poll(() => materials.getByRole("checkbox").count()).toBeGreaterThanOrEqual(3);
    await expect(materials.getByRole("meter").first().getAttribute("aria-valuenow")).resolves.toBe("92");
    await studio.screenshot("01-pause1-materials");
    // Leave out the weakest material; the others stay approved.
    await materials.getByRole("checkbox").last().uncheck();
    await confirmMaterials(page);
    await studio.screenshot("02-pause2-outline");

    await confirmOutline(page);
    await expectDraftToContain(page, "背景与动机");
    await visible(page.getByRole("button", { name: "素材 m001" }));
    await studio.screenshot("03-pause3-draft");

    // The first review rejects: PAUSE-4 with the editor's scores and issues.
    llm.rejectReviews();
    await card(page, "确认初稿").getByRole("button", { name: "让编辑审核" }).click();
    const pause4 = await visible(card(page, "处理编辑意见"));
    const review = card(page, "编辑审核").last();
    await expect(review.getByRole("meter", { name: "事实准确性" }).getAttribute("aria-valuenow")).resolves.toBe("55");
    await expect(review.innerText()).resolves.toContain("数据缺少出处");
    await studio.screenshot("04-pause4-review");

    llm.editor = { score: 95, issues: [] };
    await pause4.getByRole("button", { name: "采纳编辑意见" }).click();
    await visible(card(page, "确认初稿"));
    await expect.poll(() => page.getByLabel("版本").locator("option").count(), { timeout: 20_000 }).toBe(2);

    await page.getByRole("button", { name: "与上一稿对比" }).click();
    await visible(page.getByRole("table", { name: "第 1 稿 ↔ 第 2 稿" }));
    await studio.screenshot("05-version-diff");
    // The revision round as Word tracked changes: accept all gives version 2, reject all version 1.
    const trackedDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: "导出修订版 Word（第 1 → 2 稿）" }).click();
    const tracked = fs.readFileSync(await (await trackedDownload).path());
    expect(readZipEntry(tracked, "word/document.xml")?.toString("utf8")).toContain('w:author="Scriptorium"');
    const accepted = trackedDocxText(tracked, true);
    const rejected = trackedDocxText(tracked, false);
    expect(accepted).not.toBe(rejected);
    for (const text of [accepted, rejected]) expect(text).toContain("背景与动机");
    await page.getByRole("button", { name: "关闭对比" }).click();

    // The production exporter: Markdown, DOCX (a zip) and sanitized standalone HTML.
    const exported = async (button: string): Promise<{ name: string; bytes: Buffer }> => {
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: button }).click();
      const file = await download;
      return { name: file.suggestedFilename(), bytes: fs.readFileSync(await file.path()) };
    };
    const markdown = await exported("导出 Markdown");
    expect(markdown.bytes.toString("utf8")).toContain("背景与动机");
    const docx = await exported("导出 DOCX");
    expect(docx.name).toMatch(/\.docx$/);
    expect(docx.bytes.subarray(0, 2).toString("latin1")).toBe("PK");
    const html = await exported("导出 HTML");
    expect(html.name).toMatch(/\.html?$/);
    const page$ = html.bytes.toString("utf8");
    expect(page$).toContain("离线 AI 写作实践");
    expect(page$).toContain("背景与动机");
    expect(page$.toLowerCase()).not.toContain("<script");
    // The reference style menu: the list follows GB/T 7714 (numbered entries) once chosen.
    await page.getByLabel("参考文献格式").selectOption({ label: "GB/T 7714（按条目语言）" });
    const styled = (await exported("导出 Markdown")).bytes.toString("utf8");
    expect(styled).toMatch(/## 参考文献\n\n\\\[1\\\] /);

    await card(page, "确认初稿").getByRole("button", { name: "确认定稿" }).click();
    await expectFinished(page);
    await studio.screenshot("06-finished");
    expect(studio.foreignRequests).toEqual([]);
  });

  it("searches again with extra keywords and merges the new materials", async () => {
    const studio = await openStudio();
    const { page, search } = studio;
    await skipOnboarding(page);
    await startArticle(page, "离线写作工具调研");
    const materials = card(page, "素材确认");
    const before = await materials.getByRole("checkbox").count();
    // One material set aside before searching again stays set aside in the renumbered list.
    await materials.getByRole("checkbox").first().uncheck();
    await materials.getByLabel("追加关键词").fill("硬件成本，国产芯片");
    await materials.getByRole("button", { name: "追加搜索" }).click();
    await expect.poll(() => card(page, "素材确认").getByRole("checkbox").count(), { timeout: 20_000 }).toBeGreaterThan(before);
    await expect.poll(() => card(page, "素材确认").getByRole("checkbox", { checked: false }).count()).toBe(1);
    expect(search.queries).toEqual(expect.arrayContaining(["硬件成本", "国产芯片"]));
    await expect(card(page, "素材确认").innerText()).resolves.toContain("硬件成本");

    // Confirming with nothing selected asks first, in an in-app dialog (never a native confirm), then writes without materials.
    const nativeDialogs: string[] = [];
    page.on("dialog", (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await card(page, "素材确认").getByRole("button", { name: "全不选" }).click();
    await card(page, "素材确认").getByRole("button", { name: "确认素材，开始规划大纲" }).click();
    const ask = await visible(page.getByRole("dialog", { name: "不使用任何素材直接写作？" }));
    // Cancelling keeps the pause open; confirming goes on.
    await ask.getByRole("button", { name: "取消" }).click();
    await expect.poll(() => ask.isVisible()).toBe(false);
    await visible(card(page, "素材确认"));
    await card(page, "素材确认").getByRole("button", { name: "确认素材，开始规划大纲" }).click();
    await (await visible(page.getByRole("dialog", { name: "不使用任何素材直接写作？" }))).getByRole("button", { name: "不用素材，直接写" }).click();
    await visible(card(page, "大纲确认"));
    expect(nativeDialogs).toEqual([]);
  });

  it("sends an edited outline that reaches the draft", async () => {
    const studio = await openStudio();
    const { page, llm } = studio;
    await skipOnboarding(page);
    await startArticle(page, "离线写作的意义");
    await confirmMaterials(page);
    const outline = card(page, "大纲确认");
    // Sections start folded to their titles (the brief's §13.3): open them all to edit.
    await outline.getByRole("button", { name: /全部展开/ }).click();
    await outline.getByLabel("第 1 节标题").fill("为什么必须离线");
    await outline.getByRole("button", { name: "添加章节" }).click();
    await outline.getByLabel("第 4 节标题").fill("常见误区");
    await outline.getByRole("button", { name: "上移 4" }).click();
    await confirmOutline(page);
    await expectDraftToContain(page, "为什么必须离线");
    const text = await draftText(page);
    expect(text.indexOf("常见误区")).toBeLessThan(text.indexOf("落地建议"));
    expect(llm.callsFor("writer", "section").some((c) => c.prompt.includes("为什么必须离线"))).toBe(true);
  });

  it("revises the draft with the user's notes into a second version", async () => {
    const studio = await openStudio();
    const { page } = studio;
    await skipOnboarding(page);
    await startArticle(page, "本地模型写作");
    await confirmMaterials(page);
    await confirmOutline(page);
    const pause3 = card(page, "确认初稿");
    await pause3.getByLabel("修改意见").fill("请在背景与动机一节补充成本数据");
    await pause3.getByRole("button", { name: "按我的意见修改" }).click();
    await expectDraftToContain(page, "修订后的");
    await visible(card(page, "确认初稿"));
    await expect.poll(() => page.getByLabel("版本").locator("option").count(), { timeout: 20_000 }).toBe(2);
  });

  it("lets the user force-finalize after the editor rejects the draft", async () => {
    const studio = await openStudio();
    const { page, llm } = studio;
    await skipOnboarding(page);
    await startArticle(page, "离线写作的风险");
    await confirmMaterials(page);
    await confirmOutline(page);
    llm.rejectReviews();
    await card(page, "确认初稿").getByRole("button", { name: "让编辑审核" }).click();
    const pause4 = await visible(card(page, "处理编辑意见"));
    await expect(card(page, "编辑审核").last().innerText()).resolves.toContain("未通过");
    await pause4.getByRole("button", { name: "强制定稿" }).click();
    // Irreversible: asked again in the in-app dialog; cancelling keeps the pause open.
    const question = "不采纳编辑意见，直接以当前稿件定稿？定稿后本轮审稿结束。";
    await (await visible(page.getByRole("dialog", { name: question }))).getByRole("button", { name: "取消" }).click();
    await visible(pause4.getByRole("button", { name: "强制定稿" }));
    await pause4.getByRole("button", { name: "强制定稿" }).click();
    await (await visible(page.getByRole("dialog", { name: question }))).getByRole("button", { name: "强制定稿" }).click();
    await expectFinished(page);
  });

  it("resumes exactly where it was after a page reload mid-session", async () => {
    const studio = await openStudio();
    const { page } = studio;
    await skipOnboarding(page);
    await startArticle(page, "重新加载测试");
    await confirmMaterials(page);
    const stepsBefore = await page.locator(".timeline__item").count();
    await page.reload();
    await skipOnboarding(page);
    const outline = await visible(card(page, "大纲确认"));
    expect(await page.locator(".timeline__item").count()).toBe(stepsBefore);
    await outline.getByRole("button", { name: /全部展开/ }).click();
    await expect(outline.getByLabel("第 1 节标题").inputValue()).resolves.toBe("背景与动机");
    await studio.screenshot("07-after-reload");
    await confirmOutline(page);
    await expectDraftToContain(page, "技术方案");
  });

  it("sends a direct edit of the draft with the next action as a new version", async () => {
    const studio = await openStudio();
    const { page } = studio;
    await skipOnboarding(page);
    await startArticle(page, "手动修改测试");
    await confirmMaterials(page);
    await confirmOutline(page);
    await page.getByRole("tab", { name: "编辑" }).click();
    // The CodeMirror editor: type at the end of the draft like a user does.
    const editor = await visible(page.getByRole("textbox", { name: "Markdown 编辑器" }));
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.insertText("## 编者按\n\n这是我亲手加上的一段。");
    await visible(card(page, "确认初稿").getByText("你在右侧直接修改了稿件"));
    await card(page, "确认初稿").getByRole("button", { name: "确认定稿" }).click();
    await expectFinished(page);
    await page.getByRole("tab", { name: "预览" }).click();
    await expectDraftToContain(page, "这是我亲手加上的一段。");
    await expect.poll(() => page.getByLabel("版本").locator("option").allInnerTexts(), { timeout: 20_000 }).toEqual(
      expect.arrayContaining([expect.stringContaining("第 2 稿 · 手动修改")]),
    );
  });

  it("continues a session from the list and deletes it", async () => {
    const studio = await openStudio();
    const { page } = studio;
    await skipOnboarding(page);
    await startArticle(page, "会话列表测试");
    await page.getByRole("button", { name: "新建文章" }).click();
    await visible(page.getByRole("form", { name: "写作意图" }));
    const sessions = page.getByRole("navigation", { name: "会话" });
    await sessions.getByRole("button", { name: /^会话列表测试/ }).click();
    await visible(card(page, "素材确认"));
    await sessions.getByRole("button", { name: "删除会话 会话列表测试" }).click();
    await (await visible(page.getByRole("dialog", { name: "删除这个会话？此操作不可撤销。" }))).getByRole("button", { name: "删除", exact: true }).click();
    await visible(sessions.getByText("还没有会话"));
    await visible(page.getByRole("form", { name: "写作意图" }));
  });
});
