import { describe, expect, it } from "vitest";
import { studioPerTest } from "./harness/startStudio.js";
import { editorText, openEditor, typeAtEnd } from "./harness/editorSteps.js";
import { card, confirmMaterials, confirmOutline, draftText, expectDraftToContain, expectFinished, skipOnboarding, startArticle, visible } from "./harness/studioSteps.js";

/**
 * A writer's daily actions in Chromium (real engine, scripted LLM): own material at PAUSE-1, the PAUSE-3 figures,
 * regenerate one section, per-issue accept at PAUSE-4, restore an older version and continue.
 */
const openStudio = studioPerTest();

describe("a writer's daily needs in the article studio (Chromium)", { timeout: 150_000 }, () => {
  it("own material → regenerate one section → accept one of two issues → finalize → restore v1 and continue", async () => {
    const studio = await openStudio();
    const { page, llm } = studio;
    await skipOnboarding(page);
    await startArticle(page, "介绍本地大模型在离线写作中的应用");

    // The steps still to come show as grey dots; the status bar sits below the timeline.
    await expect(page.locator("[data-upcoming]").first().getAttribute("data-upcoming")).resolves.toBe("writer_outline");
    await expect(page.locator("[data-upcoming]").last().innerText()).resolves.toBe("定稿");
    // PAUSE-1: the writer's own material joins the package.
    const materials = card(page, "素材确认");
    await materials.getByRole("button", { name: "＋ 添加自有素材" }).click();
    await materials.getByRole("textbox", { name: "标题", exact: true }).fill("我们的内部测评");
    await materials.getByRole("textbox", { name: "内容（粘贴文本，或导入文件）" }).fill("内部测评显示，离线模型在笔记本上每秒可生成 20 个词。".repeat(12));
    await materials.getByRole("button", { name: "加入素材包" }).click();
    const refreshed = await visible(card(page, "素材确认").filter({ hasText: "我们的内部测评" }));
    // Folded by default (the brief's §13.2): the title's ▶ opens the summary, "…展开" the rest.
    await refreshed.getByRole("button", { name: /我们的内部测评/ }).click();
    await expect(refreshed.innerText()).resolves.toContain("…展开");
    await studio.screenshot("10-own-material");
    await confirmMaterials(page);
    await confirmOutline(page);

    // PAUSE-3: the figures line, then rewrite only the second section.
    const pause3 = card(page, "确认初稿");
    await expect.poll(() => pause3.innerText()).toMatch(/共 \d+ 字 · 尚未审稿（通过线 \d+）/);
    await expectDraftToContain(page, "“落地建议”部分的正文");
    llm.sectionText = (title) => `重写后的“${title}”：加入了具体案例。[m001]`;
    await page.getByLabel("要重写的小节").selectOption({ index: 1 });
    await page.getByLabel("重写要求（可选）").fill("加一个具体案例");
    await page.getByRole("button", { name: "重写这一节" }).click();
    await expectDraftToContain(page, "重写后的“技术方案”");
    const after = await draftText(page);
    // The other sections stay verbatim.
    expect(after).toContain("“背景与动机”部分的正文");
    expect(after).toContain("“落地建议”部分的正文");
    expect(after).not.toContain("重写后的“背景与动机”");
    await studio.screenshot("11-regenerated-section");

    // PAUSE-4: two issues, only the second accepted.
    llm.editor = {
      score: 50,
      issues: [
        { severity: "major", location: "背景与动机", issue: "第一条意见", suggestion: "改甲" },
        { severity: "minor", location: "落地建议", issue: "第二条意见", suggestion: "改乙" },
      ],
    };
    await card(page, "确认初稿").last().getByRole("button", { name: "让编辑审核" }).click();
    const pause4 = await visible(card(page, "处理编辑意见"));
    // The scripted editor gives each of the three aspects the same two issues: uncheck every "first".
    const firsts = pause4.getByRole("checkbox", { name: "采纳：第一条意见" });
    expect(await firsts.count()).toBe(3);
    for (let i = 0; i < 3; i++) await firsts.nth(i).uncheck();
    await expect(pause4.innerText()).resolves.toContain("只采纳勾选的意见（3/6）");
    await studio.screenshot("12-per-issue-accept");
    llm.sectionText = (title, prompt) => `“${title}”按意见修改 [m001]。${prompt.includes("第一条意见") ? "FIRST" : ""}${prompt.includes("第二条意见") ? "SECOND" : ""}`;
    await pause4.getByRole("button", { name: "采纳编辑意见" }).click();
    await expectDraftToContain(page, "SECOND");
    expect(await draftText(page)).not.toContain("FIRST");

    await card(page, "确认初稿").last().getByRole("button", { name: "确认定稿" }).click();
    await expectFinished(page);

    // Restore version 1 of the finished article: back to PAUSE-3 with that text, and finalize again.
    await page.getByLabel("版本").selectOption({ index: 0 });
    await page.getByRole("button", { name: "恢复此版本" }).click();
    await expectDraftToContain(page, "“背景与动机”部分的正文");
    await visible(card(page, "确认初稿").last());
    await studio.screenshot("13-restored-and-continued");
    await card(page, "确认初稿").last().getByRole("button", { name: "确认定稿" }).click();
    await expect.poll(async () => (await studio.engine.call("sessions.list", {})).sessions[0]?.status, { timeout: 20_000 }).toBe("done");
    const { versions } = await studio.engine.call("documents.versions", { sessionId: (await studio.engine.call("sessions.list", {})).sessions[0]!.id });
    expect(versions.map((v) => v.reason)).toEqual(["initial", "regenerate", "editor", "restore"]);
    expect(studio.foreignRequests).toEqual([]);
  });

  it("an unsent hand edit survives a reload; after finalizing an edit is saved as a version and reopens PAUSE-3", async () => {
    const studio = await openStudio();
    const { page } = studio;
    await skipOnboarding(page);
    await startArticle(page, "未发送修改测试");
    await confirmMaterials(page);
    await confirmOutline(page);
    await openEditor(page);
    await typeAtEnd(page, "\n\n## 编者按\n\n重载前写下的一段。");
    await visible(card(page, "确认初稿").getByText("你在右侧直接修改了稿件"));
    await page.reload();
    await skipOnboarding(page);
    // Back after the reload: the edit is still there and still goes with the next action.
    await visible(card(page, "确认初稿").getByText("你在右侧直接修改了稿件"));
    await openEditor(page);
    expect(await editorText(page)).toContain("重载前写下的一段。");
    await studio.screenshot("14-unsent-edit-after-reload");
    await card(page, "确认初稿").last().getByRole("button", { name: "确认定稿" }).click();
    await expectFinished(page);

    // After finalizing: edit, save as a version → PAUSE-3 again with the edit, finalize once more.
    await openEditor(page);
    await typeAtEnd(page, "\n\n定稿之后补的一句。");
    await page.getByRole("button", { name: "保存修改为新版本" }).click();
    await visible(card(page, "确认初稿").last());
    await page.getByRole("tab", { name: "预览" }).click();
    await expectDraftToContain(page, "定稿之后补的一句。");
    await card(page, "确认初稿").last().getByRole("button", { name: "确认定稿" }).click();
    const sessionId = (await studio.engine.call("sessions.list", {})).sessions[0]!.id;
    await expect.poll(async () => (await studio.engine.call("run.state", { sessionId })).session.status, { timeout: 20_000 }).toBe("done");
    const { versions } = await studio.engine.call("documents.versions", { sessionId });
    expect(versions.map((v) => v.reason)).toEqual(["initial", "manual_edit", "manual_edit"]);
    expect((await studio.engine.call("documents.version", { sessionId, number: 3 })).markdown).toContain("定稿之后补的一句。");
  });

  it("the editor's pass mark, revision cap and weights are editable in Settings and reach the engine", async () => {
    const studio = await openStudio();
    const { page } = studio;
    await skipOnboarding(page);
    await page.getByRole("button", { name: "设置" }).click();
    const review = await visible(page.getByRole("region", { name: "编辑审稿" }));
    await review.getByLabel("通过线（0–100）").fill("70");
    await review.getByLabel("最多修改轮数").fill("2");
    await review.getByLabel("逻辑权重").fill("0.5");
    await review.getByRole("button", { name: "保存审稿设置" }).click();
    await expect.poll(async () => (await studio.engine.call("settings.get", {})).article, { timeout: 20_000 }).toMatchObject({ reviewThreshold: 70, maxRevisions: 2, weights: { logic: 0.5 } });
    await studio.screenshot("15-review-settings");
  });

  it("an errored run continues from where it stopped; sessions can be renamed and searched", async () => {
    const studio = await openStudio();
    const { page, llm } = studio;
    await skipOnboarding(page);
    await startArticle(page, "重试与重命名测试");
    await confirmMaterials(page);
    const normal = llm.sectionText;
    let failOnce = true;
    llm.sectionText = (title, prompt) => {
      if (title === "技术方案" && failOnce) {
        failOnce = false;
        throw new Error("模型三次都没给出合法 JSON");
      }
      return normal(title, prompt);
    };
    await card(page, "大纲确认").getByRole("button", { name: "确认大纲，开始写作" }).click();
    const alert = await visible(page.getByRole("alert").filter({ hasText: "模型三次都没给出合法 JSON" }));
    await alert.getByRole("button", { name: "从上次中断处继续" }).click();
    await visible(card(page, "确认初稿"));
    await expectDraftToContain(page, "“技术方案”部分的正文");
    await expect(page.getByRole("alert").filter({ hasText: "模型三次都没给出合法 JSON" }).count()).resolves.toBe(0);

    await page.getByRole("button", { name: "重命名 重试与重命名测试" }).click();
    const input = page.getByRole("textbox", { name: "新标题" });
    await input.fill("离线写作·第一稿");
    await input.press("Enter");
    await visible(page.getByRole("navigation").getByText("离线写作·第一稿"));
    expect((await studio.engine.call("sessions.list", { query: "第一稿" })).sessions).toHaveLength(1);
    await page.getByRole("searchbox", { name: "搜索会话" }).fill("不存在的标题");
    await visible(page.getByText("没有标题包含“不存在的标题”的会话"));
    await page.getByRole("searchbox", { name: "搜索会话" }).fill("第一稿");
    await visible(page.getByRole("navigation").getByText("离线写作·第一稿"));
    await studio.screenshot("16-rename-search");
  });
});
