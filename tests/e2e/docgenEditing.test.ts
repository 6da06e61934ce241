import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { outlineOf } from "../../electron/engine/testing/docgenTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../electron/engine/testing/ScriptedLlm.js";
import { editorText, openEditor, typeAtEnd } from "./harness/editorSteps.js";
import { studioPerTest } from "./harness/startStudio.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();

/** A section that starts with the heading its prompt asks for, so the document shows which outline was written. */
const sectionFromPrompt = (o: ScriptedCallOptions) => {
  const title = /现在只写第 \d+ 章「(.+?)」/.exec(o.prompt)?.[1] ?? "?";
  return `## ${title}\n\n本节说明${title}的要点。`;
};

/** The content_style module flags 贼好用 and its reviser replaces it: a review with one kept change. */
const slangReview = {
  "reviewer.content_style": (o: ScriptedCallOptions) => {
    const rows = o.prompt.split("\n").filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"));
    return { violations: rows.map((l) => ({ rule_id: "6.6", line: Number(l.slice(0, 4)), excerpt: "贼好用", comment: "口语化" })) };
  },
  "reviser.content_style": (o: ScriptedCallOptions) => ({
    replacements: o.prompt
      .split("\n")
      .filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"))
      .map((l) => ({ start_line: Number(l.slice(0, 4)), end_line: Number(l.slice(0, 4)), old_text: l.slice(6), new_content: l.slice(6).replace("贼好用", "易于使用"), reason: "6.6 口语化" })),
  }),
};

const documentText = (page: import("playwright-core").Page) => page.locator(".pane--draft .markdown").first().innerText();

describe("文档生成: editable documents, the outline editor and review from a file, in Chromium", { timeout: 180_000 }, () => {
  it("the outline is regenerated with feedback, edited at the pause and written as edited; the result is edited and saved as a new version; + 新建文档 starts empty", async () => {
    const outlines = [outlineOf(2, "初版大纲"), outlineOf(2, "按意见重做的大纲")];
    const llm = new ScriptedLlm({
      replies: { "writer.outline": () => outlines.shift() ?? outlineOf(2), "writer.section": sectionFromPrompt, reviewer: { violations: [] }, "editor.rewrite_polish": "润色后的句子。" },
    });
    const studio = await openStudio({ llm });
    const { page } = studio;
    await skipOnboarding(page);
    await page.getByRole("button", { name: "文档生成" }).click();
    await page.getByLabel("文本", { exact: true }).check();
    await page.getByLabel("主题").fill("部署手册");
    await page.getByLabel("资料文本").fill("服务用 docker compose 部署。");
    await page.getByLabel("文档语言").selectOption("zh");
    await page.getByRole("button", { name: "开始生成" }).click();

    // Regenerate with feedback: the writer hears it, and the new outline pauses again.
    const outlineCard = () => page.getByRole("region", { name: "确认大纲" }).last();
    await visible(outlineCard().getByLabel("文档标题"));
    await outlineCard().getByLabel("对大纲的意见（重新生成时使用）").fill("加一章讲回滚");
    await outlineCard().getByRole("button", { name: "重新生成大纲" }).click();
    await expect.poll(() => outlineCard().getByLabel("文档标题").inputValue(), { timeout: 30_000 }).toBe("按意见重做的大纲");
    expect(llm.callsFor("writer", "outline").at(-1)!.prompt).toContain("用户对上一版大纲的意见：加一章讲回滚");

    // Edit: retitle section 1, add a section with a scope, remove section 2, move the new one first.
    const card = outlineCard();
    await card.getByRole("button", { name: /全部展开/ }).click();
    await card.getByLabel("第 1 章标题").fill("安装步骤");
    await card.getByRole("button", { name: "添加章节" }).click();
    await card.getByLabel("第 3 章标题").fill("回滚");
    await card.getByLabel("第 3 章范围").fill("出错时如何回到上一版");
    await card.getByRole("button", { name: "删除章节 2" }).click();
    await card.getByRole("button", { name: "上移 2" }).click();
    await visible(card.getByText("已修改"));
    await studio.screenshot("45-docgen-outline-edited");
    await card.getByRole("button", { name: "按修改后的大纲开始撰写" }).click();

    await expect.poll(() => documentText(page), { timeout: 60_000 }).toContain("本节说明安装步骤的要点。");
    await visible(page.locator('.docgen-chip[data-state="passed"]'), 60_000);
    // The run's outline card shows the outline as edited.
    const outlineShown = page.getByRole("region", { name: "大纲", exact: true });
    await expect.poll(() => outlineShown.locator("li strong").allInnerTexts()).toEqual(["回滚", "安装步骤"]);
    const prompts = llm.callsFor("writer", "section").map((c) => c.prompt);
    expect(prompts).toHaveLength(2);
    expect(prompts.some((p) => p.includes("现在只写第 1 章「回滚」。范围：出错时如何回到上一版"))).toBe(true);
    expect(prompts.some((p) => p.includes("现在只写第 2 章「安装步骤」"))).toBe(true);
    expect(prompts.join("\n")).not.toContain("第二部分");
    const sessionId = (await studio.engine.call("sessions.list", {})).sessions[0]!.id;
    await expect.poll(async () => (await studio.engine.call("run.state", { sessionId })).session.status, { timeout: 30_000 }).toBe("done");

    // The finished document is editable: the selection tools are there, and a hand edit is saved as a version.
    const editor = await openEditor(page);
    expect(await page.getByText("运行结束后可以直接修改文档").count()).toBe(0);
    await expect
      .poll(async () => {
        await page.locator(".cm-line", { hasText: "本节说明回滚的要点。" }).first().click();
        await page.keyboard.press("End");
        await page.keyboard.press("Shift+Home");
        return page.getByRole("button", { name: "润色", exact: true }).isEnabled();
      }, { timeout: 20_000 })
      .toBe(true);
    await typeAtEnd(page, "\n\n用户在生成后补的一段。");
    await expect.poll(() => editorText(page)).toContain("用户在生成后补的一段。");
    await editor.press("End");
    await page.locator(".pane--draft").getByRole("button", { name: "保存修改为新版本" }).click();
    await expect.poll(async () => (await studio.engine.call("documents.versions", { sessionId })).versions.at(-1)?.reason, { timeout: 20_000 }).toBe("manual_edit");
    const { versions } = await studio.engine.call("documents.versions", { sessionId });
    expect((await studio.engine.call("documents.version", { sessionId, number: versions.at(-1)!.number })).markdown).toContain("用户在生成后补的一段。");
    await expect.poll(() => page.getByLabel("版本").locator("option").allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining("手动修改")]));
    await page.getByRole("tab", { name: "预览" }).click();
    await expect.poll(() => documentText(page)).toContain("用户在生成后补的一段。");
    await studio.screenshot("46-docgen-edited-version");

    // + 新建文档: an empty form and an empty document pane.
    await page.getByRole("button", { name: "+ 新建文档" }).click();
    await expect.poll(() => page.getByLabel("主题").inputValue()).toBe("");
    expect(await page.getByLabel("版本").count()).toBe(0);
    await studio.screenshot("48-docgen-form-new");
    expect(studio.pageErrors).toEqual([]);
    expect(studio.foreignRequests).toEqual([]);
  });

  it("review-only from an uploaded file: the file is stored in the data dir, reviewed, and the result is editable", async () => {
    const llm = new ScriptedLlm({ replies: { reviewer: { violations: [] }, ...slangReview } });
    const studio = await openStudio({ llm });
    const { page } = studio;
    await skipOnboarding(page);
    await page.getByRole("button", { name: "文档生成" }).click();
    await page.getByLabel("审查已有文档").check();
    const file = path.join(studio.dataDir, "团队周报.md");
    fs.writeFileSync(file, "# 团队周报\n\n## 进展\n\n新工具贼好用。\n");
    await page.locator('input[type="file"][aria-label="选择文件…"]').setInputFiles(file);
    // Browser mode uploads: the field shows the file's name, the path (its title) is the server's copy
    // under <dataDir>/uploads, and the topic follows the file name.
    await expect.poll(() => page.locator('input[name="review_file"]').inputValue()).toBe("团队周报.md");
    expect(await page.getByLabel("主题").inputValue()).toBe("团队周报");
    const uploaded = (await page.locator('input[name="review_file"]').getAttribute("title")) ?? "";
    expect(uploaded).toContain(path.join(studio.dataDir, "uploads"));
    expect(fs.readFileSync(uploaded, "utf8")).toBe(fs.readFileSync(file, "utf8"));
    await page.getByRole("button", { name: "开始审查" }).click();

    await expect.poll(() => documentText(page), { timeout: 60_000 }).toContain("新工具易于使用。");
    const sessionId = (await studio.engine.call("sessions.list", {})).sessions[0]!.id;
    await expect.poll(async () => (await studio.engine.call("run.state", { sessionId })).session.status, { timeout: 30_000 }).toBe("done");
    expect((await studio.engine.call("documents.version", { sessionId, number: 1 })).markdown).toBe("# 团队周报\n\n## 进展\n\n新工具贼好用。\n");
    expect(llm.callsFor("writer")).toHaveLength(0);

    const reviewed = (await studio.engine.call("documents.versions", { sessionId })).versions.length;
    await openEditor(page);
    await typeAtEnd(page, "\n\n审查后补的一句。");
    await page.locator(".pane--draft").getByRole("button", { name: "保存修改为新版本" }).click();
    await expect.poll(async () => (await studio.engine.call("documents.versions", { sessionId })).versions.length, { timeout: 20_000 }).toBe(reviewed + 1);
    const saved = (await studio.engine.call("documents.versions", { sessionId })).versions.at(-1)!;
    expect(saved.reason).toBe("manual_edit");
    const savedText = (await studio.engine.call("documents.version", { sessionId, number: saved.number })).markdown;
    expect(savedText).toMatch(/新工具易于使用。\n+审查后补的一句。/);
    // Saved: the pane's button is gone (no unsent edit left) and the preview shows the stored text.
    await expect.poll(() => page.locator(".pane--draft").getByRole("button", { name: "保存修改为新版本" }).count()).toBe(0);
    await page.getByRole("tab", { name: "预览" }).click();
    await expect.poll(() => documentText(page)).toContain("审查后补的一句。");
    await studio.screenshot("47-docgen-review-file-edited");
    expect(studio.pageErrors).toEqual([]);
    expect(studio.foreignRequests).toEqual([]);
  });
});
