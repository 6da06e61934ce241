import { describe, expect, it } from "vitest";
import { studioPerTest, type Studio } from "./harness/startStudio.js";
import { card, confirmMaterials, confirmOutline, skipOnboarding, startArticle, visible } from "./harness/studioSteps.js";
import { editorText, openEditor, typeAtEnd } from "./harness/editorSteps.js";

const openStudio = studioPerTest();

async function toPause3(s: Studio, intent: string): Promise<void> {
  await skipOnboarding(s.page);
  await startArticle(s.page, intent);
  await confirmMaterials(s.page);
  await confirmOutline(s.page);
}

describe("document editor in Chromium (CodeMirror, real engine, scripted LLM)", { timeout: 150_000 }, () => {
  it("types, counts Chinese, finds and replaces, and jumps by the heading outline", async () => {
    const studio = await openStudio();
    const { page } = studio;
    await toPause3(studio, "编辑器测试");
    await openEditor(page);
    await expect.poll(() => editorText(page)).toContain("背景与动机");
    await typeAtEnd(page, "\n\n## 结语\n\n离线写作离线可用。");
    await expect.poll(() => editorText(page)).toContain("离线写作离线可用。");
    // Counts follow the text: Han characters count one word each.
    const counts = page.getByTestId("editor-counts");
    await expect.poll(() => counts.innerText()).toMatch(/\d+ 字 · \d+ 字符 · 汉字 \d+/);

    // Search and replace through CodeMirror's panel (Ctrl+F), in Chinese.
    await page.keyboard.press("Control+f");
    const find = await visible(page.getByRole("textbox", { name: "查找" }));
    await find.fill("离线可用");
    await page.getByRole("textbox", { name: "替换" }).fill("随时可用");
    await page.getByRole("button", { name: "全部替换" }).click();
    await expect.poll(() => editorText(page)).toContain("离线写作随时可用。");
    expect(await editorText(page)).not.toContain("离线可用");

    // The outline lists the headings; a click selects that line in the editor.
    const outline = page.getByRole("navigation", { name: "标题大纲" });
    await expect.poll(() => outline.getByRole("button").allInnerTexts()).toEqual(expect.arrayContaining(["背景与动机", "结语"]));
    await outline.getByRole("button", { name: "结语" }).click();
    await expect.poll(() => page.evaluate(() => document.getSelection()?.toString() ?? "")).toContain("结语");

    // The hand edit goes with the next action as a new version.
    await visible(card(page, "确认初稿").getByText("你在右侧直接修改了稿件"));
    await studio.screenshot("10-editor");
  });

  it("marks a style violation with its rule title and fixes it with one click", async () => {
    const studio = await openStudio();
    const { page } = studio;
    await toPause3(studio, "风格检查测试");
    await openEditor(page);
    await typeAtEnd(page, "\n\n使用llama.cpp部署模型。");
    // The checker (rule 2.1: a space between Chinese and Latin) runs in the worker and marks the range.
    const mark = page.locator(".cm-line", { hasText: "使用llama.cpp" }).locator(".cm-lintRange").first();
    await mark.waitFor({ state: "visible", timeout: 20_000 });
    // Hovered, the finding names its rule by title, not the guide's number, and stays inside the window.
    await mark.hover();
    const tooltip = await visible(page.locator(".cm-tooltip").filter({ has: page.locator(".cm-tooltip-lint") }));
    await expect.poll(() => tooltip.innerText()).toContain("中文与英文、数字之间加空格");
    expect(await tooltip.innerText()).not.toMatch(/\[?2\.1\]?/);
    const box = (await tooltip.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.mouse.move(0, 0);
    // The keyboard way to the fixes: the lint panel (Ctrl+Shift+M) lists every finding with its actions.
    await page.getByRole("button", { name: "检查结果" }).click();
    const panel = await visible(page.locator(".cm-panel-lint"));
    const finding = panel.getByRole("option").filter({ hasText: "中文与英文、数字之间加空格" }).first();
    await visible(finding);
    await studio.screenshot("11-lint-panel");
    await finding.getByRole("button", { name: "快速修复" }).click();
    await expect.poll(() => editorText(page)).toContain("使用 llama.cpp");

    // "Fix all of this rule": two more violations of the same rule, one click.
    await typeAtEnd(page, "\n\n用Qwen写稿，用GGUF存模型。");
    await page.locator(".cm-line", { hasText: "用Qwen写稿" }).locator(".cm-lintRange").first().waitFor({ state: "visible", timeout: 20_000 });
    await page.getByRole("button", { name: "检查结果" }).click();
    const again = await visible(page.locator(".cm-panel-lint").getByRole("option").filter({ hasText: "中文与英文、数字之间加空格" }).first());
    await again.getByRole("button", { name: "全部修复（中文与英文、数字之间加空格）" }).click();
    await expect.poll(() => editorText(page)).toContain("用 Qwen 写稿，用 GGUF 存模型。");
  });

  it("keeps each version's undo history when switching versions", async () => {
    const studio = await openStudio();
    const { page } = studio;
    await toPause3(studio, "撤销历史测试");
    const pause3 = card(page, "确认初稿");
    await pause3.getByLabel("修改意见").fill("请补充成本数据");
    await pause3.getByRole("button", { name: "按我的意见修改" }).click();
    await expect.poll(() => page.getByLabel("版本").locator("option").count(), { timeout: 30_000 }).toBe(2);
    await visible(card(page, "确认初稿"));
    await openEditor(page);
    await typeAtEnd(page, "甲乙丙");
    await expect.poll(() => editorText(page)).toContain("甲乙丙");
    // Look at version 1 (read-only), then come back to version 2 and undo the typing.
    await page.getByLabel("版本").selectOption("1");
    await expect.poll(() => editorText(page)).not.toContain("甲乙丙");
    await page.getByLabel("版本").selectOption("2");
    await expect.poll(() => editorText(page)).toContain("甲乙丙");
    await page.getByRole("textbox", { name: "Markdown 编辑器" }).click();
    await page.keyboard.press("Control+z");
    await expect.poll(() => editorText(page)).not.toContain("甲乙丙");

    // Restore version 1: it becomes version 3 and the current draft.
    await page.getByLabel("版本").selectOption("1");
    await page.getByRole("button", { name: "恢复此版本" }).click();
    await expect.poll(() => page.getByLabel("版本").locator("option").allInnerTexts(), { timeout: 20_000 }).toEqual(expect.arrayContaining([expect.stringContaining("第 3 稿 · 恢复")]));
    await expect.poll(() => page.getByLabel("版本").inputValue()).toBe("3");
  });

  it("rewrites a selection with the local model: an inline diff, accepted as a new version or rejected", async () => {
    const studio = await openStudio();
    const { page, llm } = studio;
    await toPause3(studio, "选区改写测试");
    await openEditor(page);
    // Select a whole line, until the selection actions see it: the draft's text can still be
    // settling into the editor right after the pause (a replaced document drops the selection).
    const select = async (lineText: string, action: string) => {
      const button = page.getByRole("button", { name: action, exact: true });
      await expect
        .poll(async () => {
          await page.locator(".cm-line", { hasText: lineText }).first().click();
          await page.keyboard.press("End");
          await page.keyboard.press("Shift+Home");
          return button.isEnabled();
        }, { timeout: 20_000 })
        .toBe(true);
    };
    const versions = () => page.getByLabel("版本").locator("option").count();
    expect(await versions()).toBe(1);

    // Reject: the proposal disappears and the text stays as it was.
    await select("“落地建议”部分的正文", "缩写");
    await page.getByRole("button", { name: "缩写", exact: true }).click();
    const bar = await visible(page.getByRole("region", { name: "改写建议" }));
    await visible(page.getByTestId("rewrite-insertion").filter({ hasText: "缩短后的一句话。" }));
    await visible(page.getByTestId("rewrite-deletion"));
    await expect.poll(() => bar.getByRole("button", { name: "接受" }).isEnabled()).toBe(true);
    await bar.getByRole("button", { name: "拒绝" }).click();
    await expect.poll(() => page.getByTestId("rewrite-insertion").count()).toBe(0);
    expect(await editorText(page)).toContain("“落地建议”部分的正文");
    expect(await editorText(page)).not.toContain("缩短后的一句话。");
    expect(await versions()).toBe(1);

    // Accept: the replacement (quotes and preface stripped) takes the selection's place and becomes version 2.
    await select("“技术方案”部分的正文", "润色");
    await page.getByRole("button", { name: "润色", exact: true }).click();
    const bar2 = await visible(page.getByRole("region", { name: "改写建议" }));
    await visible(page.getByTestId("rewrite-insertion").filter({ hasText: "本地模型让离线写作真正可行" }));
    await studio.screenshot("12-rewrite-diff");
    await expect.poll(() => bar2.getByRole("button", { name: "接受" }).isEnabled()).toBe(true);
    await bar2.getByRole("button", { name: "接受" }).click();
    await expect.poll(() => editorText(page)).toContain("本地模型让离线写作真正可行。");
    expect(await editorText(page)).not.toContain("“技术方案”部分的正文");
    expect(await editorText(page)).not.toContain("润色后：");
    await expect.poll(versions, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => page.getByLabel("版本").locator("option").allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining("第 2 稿 · 手动修改")]));
    expect(llm.callsFor("editor", "rewrite_polish")).toHaveLength(1);
    expect(llm.callsFor("editor", "rewrite_polish")[0]!.prompt).toContain("“技术方案”部分的正文");
  });

  it("compares versions inline (CodeMirror merge view) and restores the older one from the diff", async () => {
    const studio = await openStudio();
    const { page } = studio;
    await toPause3(studio, "行内对比测试");
    const pause3 = card(page, "确认初稿");
    await pause3.getByLabel("修改意见").fill("请补充成本数据");
    await pause3.getByRole("button", { name: "按我的意见修改" }).click();
    await expect.poll(() => page.getByLabel("版本").locator("option").count(), { timeout: 30_000 }).toBe(2);
    await page.getByRole("button", { name: "与上一稿对比" }).click();
    await visible(page.getByRole("table", { name: "第 1 稿 ↔ 第 2 稿" }));
    // The diff toolbar's buttons keep a margin from the pane's edges, as the version toolbar above does.
    const restore = await page.getByRole("button", { name: "恢复第 1 稿" }).boundingBox();
    const paneBox = await page.locator(".pane--draft .pane__body").boundingBox();
    expect(paneBox!.x + paneBox!.width - (restore!.x + restore!.width)).toBeGreaterThanOrEqual(12);
    await page.getByRole("tab", { name: "行内" }).click();
    const inline = await visible(page.getByTestId("inline-diff"));
    // The unified view marks the changed chunks and shows the older lines as deleted.
    await visible(inline.locator(".cm-changedLine, .cm-insertedLine").first());
    await visible(inline.locator(".cm-deletedChunk").first());
    await expect(inline.innerText()).resolves.toContain("修订后的");
    await studio.screenshot("13-inline-diff");
    await page.getByRole("button", { name: "恢复第 1 稿" }).click();
    await expect.poll(() => page.getByLabel("版本").locator("option").allInnerTexts(), { timeout: 20_000 }).toEqual(expect.arrayContaining([expect.stringContaining("第 3 稿 · 恢复")]));
  });
});
