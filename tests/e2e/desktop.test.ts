import { describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { studioPerTest, type Studio } from "./harness/startStudio.js";
import { importTestPdf, paperServices } from "./harness/paperSteps.js";
import { card, confirmMaterials, confirmOutline, skipOnboarding, startArticle, visible } from "./harness/studioSteps.js";
import { openEditor } from "./harness/editorSteps.js";
import { seriousAxeViolations, type AxeFinding } from "./harness/axeScan.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { GatedEmbedder } from "../knowledge/GatedEmbedder.js";
import { buildPaperPdf } from "../papers/paperPdf.js";

const openStudio = studioPerTest();

/** Drops files the way a file manager does onto a browser window: a `text/uri-list` of file:// URIs. */
async function dropFiles(s: Studio, files: string[]): Promise<void> {
  const uris = files.map((f) => pathToFileURL(f).href).join("\r\n");
  await s.page.evaluate((list) => {
    const data = new DataTransfer();
    data.setData("text/uri-list", list);
    for (const type of ["dragenter", "dragover", "drop"]) window.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, uris);
}

describe("desktop habits in Chromium (real engine, scripted LLM)", { timeout: 240_000 }, () => {
  it("reports 0 serious or critical axe violations on every screen", async () => {
    // Papers with a deterministic embedder and no metadata model (no model file in CI).
    const paper = paperServices(undefined);
    const studio = await openStudio({ workflowServices: { paper } }, { bypassCSP: true });
    const { page, llm } = studio;
    const found: Array<AxeFinding & { screen: string }> = [];
    const scan = async (screen: string) => found.push(...(await seriousAxeViolations(page, screen)));

    await visible(page.getByRole("dialog", { name: "欢迎使用 Scriptorium" }));
    await scan("onboarding");
    await skipOnboarding(page);
    await scan("studio: intent form");
    await startArticle(page, "无障碍扫描");
    await scan("PAUSE-1 materials");
    await card(page, "素材确认").getByRole("button", { name: "全不选" }).click();
    await card(page, "素材确认").getByRole("button", { name: "确认素材，开始规划大纲" }).click();
    await visible(page.getByRole("dialog", { name: "不使用任何素材直接写作？" }));
    await scan("confirm dialog");
    await page.getByRole("button", { name: "不用素材，直接写" }).click();
    await visible(card(page, "大纲确认"));
    await scan("PAUSE-2 outline");
    await confirmOutline(page);
    await scan("PAUSE-3 draft preview");
    await openEditor(page);
    await page.locator(".cm-lintRange").first().waitFor({ state: "attached", timeout: 20_000 }).catch(() => undefined);
    await scan("PAUSE-3 editor");
    llm.rejectReviews();
    await card(page, "确认初稿").getByRole("button", { name: "让编辑审核" }).click();
    await visible(card(page, "处理编辑意见"));
    await scan("PAUSE-4 review");
    await page.getByRole("button", { name: "对话", exact: true }).click();
    await visible(page.getByLabel("输入问题"));
    await scan("chat");
    await page.getByRole("button", { name: "设置", exact: true }).click();
    for (const tab of ["模型", "知识库", "内网插件"]) {
      await page.getByRole("tab", { name: tab }).click();
      await scan(`settings: ${tab}`);
    }
    // The other two workflows' screens: 文档生成 and 论文阅读 (with a paper imported, so its reader shows).
    await page.getByRole("button", { name: "文档生成" }).click();
    await visible(page.getByLabel("主题"));
    await scan("文档生成");
    await page.getByRole("button", { name: "论文阅读" }).click();
    await importTestPdf(studio, { name: "axe-paper.pdf" });
    await visible(page.getByText(/已导入《/));
    await scan("论文阅读");
    if (found.length) console.log("AXE", JSON.stringify(found, null, 1));
    expect(found).toEqual([]);
  });

  it("follows the OS dark theme (screenshot) and the light one", async () => {
    const studio = await openStudio({}, { colorScheme: "dark", bypassCSP: true });
    const { page } = studio;
    await skipOnboarding(page);
    await startArticle(page, "深色模式");
    await confirmMaterials(page);
    await confirmOutline(page);
    await openEditor(page);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
    expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(150);
    await studio.screenshot("20-dark-mode");
    // The dark palette passes the same contrast rules.
    expect(await seriousAxeViolations(page, "dark: PAUSE-3 editor")).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect((light.match(/\d+/g) ?? []).map(Number).reduce((a, c) => a + c, 0)).toBeGreaterThan(600);
  });

  it("imports dropped files: a note into the library and a style guide into the rules", async () => {
    // A deterministic embedder (no model file in CI); ingest, chunking and LanceDB are the real ones.
    const studio = await openStudio({ knowledgeOptions: { loadEmbedder: async () => new HashEmbedder(32) } });
    const { page, engine } = studio;
    await skipOnboarding(page);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-drop-"));
    const note = path.join(dir, "会议纪要.md");
    const guide = path.join(dir, "团队写作规范.md");
    fs.writeFileSync(note, "# 会议纪要\n\n本地模型部署在内网，资料不出门。\n");
    fs.writeFileSync(guide, "# 写作规范\n\n## typography（排版）\n\n### 1.1 中文与英文之间加空格\n\n类型：mechanical\n");
    await dropFiles(studio, [note, guide]);
    const dialog = await visible(page.getByRole("dialog", { name: "导入拖入的文件" }));
    await expect(dialog.getByLabel("会议纪要.md 的类型").inputValue()).resolves.toBe("note");
    await expect(dialog.getByLabel("团队写作规范.md 的类型").inputValue()).resolves.toBe("guide");
    await studio.screenshot("21-drop-import");
    await dialog.getByRole("button", { name: "导入 2 个文件" }).click();
    await expect
      .poll(async () => (await engine.call("knowledge.sources", {})).sources.map((s) => [path.basename(s.path), s.collection]), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([["会议纪要.md", "library"], ["团队写作规范.md", "rules"]]));
    fs.rmSync(dir, { recursive: true, force: true });

    // A drop without paths (a browser cannot see where files live) uploads the files and imports them.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(["# 周报\n\n浏览器里拖入的笔记。\n"], "周报.md", { type: "text/markdown" }));
      for (const type of ["dragenter", "dragover", "drop"]) window.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    const uploaded = await visible(page.getByRole("dialog", { name: "导入拖入的文件" }));
    await expect(uploaded.getByLabel("周报.md 的类型").inputValue()).resolves.toBe("note");
    await uploaded.getByRole("button", { name: "导入 1 个文件" }).click();
    await expect
      .poll(async () => (await engine.call("knowledge.sources", {})).sources.map((s) => [path.basename(s.path), s.collection]), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([["周报.md", "library"]]));
  });

  it("dropped papers: a broken PDF does not stop the good one, and the toast lists it with its reason", async () => {
    // Papers with a deterministic embedder and no metadata model (no model file in CI).
    const paper = paperServices(undefined);
    const studio = await openStudio({ workflowServices: { paper } });
    const { page } = studio;
    await skipOnboarding(page);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-drop-papers-"));
    const good = path.join(dir, "good.pdf");
    const broken = path.join(dir, "broken.pdf");
    fs.writeFileSync(good, await buildPaperPdf());
    fs.writeFileSync(broken, "%PDF-1.7\n1 0 obj garbage");
    await dropFiles(studio, [good, broken]);
    const dialog = await visible(page.getByRole("dialog", { name: "导入拖入的文件" }));
    await dialog.getByRole("button", { name: "导入 2 个文件" }).click();
    const report = await visible(page.getByRole("status", { name: "导入结果" }), 30_000);
    await expect(report.innerText()).resolves.toContain("已导入 1 · 已跳过 0 · 失败 1");
    const failed = report.locator(".import-report__file--failed");
    await expect(failed.innerText()).resolves.toContain(broken);
    await expect(failed.innerText()).resolves.toContain("文件已损坏或不是有效的格式");
    await studio.screenshot("21-drop-papers-report");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("cancels a long job from its progress bar in the job tray (jobs.cancel)", async () => {
    // The embedder holds its first batch until the job's signal aborts: the ingest is provably running.
    const embedder = new GatedEmbedder(1);
    const studio = await openStudio({ knowledgeOptions: { loadEmbedder: async () => embedder } }, { bypassCSP: true });
    const { page, engine } = studio;
    await skipOnboarding(page);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-cancel-"));
    fs.writeFileSync(path.join(dir, "长文.md"), "# 长文\n\n离线写作让资料留在内网。\n");
    const { taskId } = await engine.call("knowledge.ingest", { paths: [dir], collection: "library" });
    await embedder.started;
    const tray = page.getByRole("region", { name: "后台任务" });
    await visible(tray.getByRole("progressbar"));
    await studio.screenshot("22-job-tray");
    // The tray sits on the dark sidebar; its cancel button once had dark-grey text there (axe
    // found it only when an import happened to be running during the screen scan).
    expect(await seriousAxeViolations(page, "job tray")).toEqual([]);
    await tray.getByRole("button", { name: /^取消/ }).click();
    // The job ended as cancelled (its bar is gone) and left nothing in the library.
    await expect.poll(() => tray.count()).toBe(0);
    expect((await engine.call("knowledge.sources", {})).sources).toEqual([]);
    expect(await engine.call("jobs.cancel", { taskId })).toEqual({ cancelled: false });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("runs the main actions from the keyboard, with the shortcuts in tooltips", async () => {
    const studio = await openStudio();
    const { page } = studio;
    await skipOnboarding(page);
    const start = page.getByRole("button", { name: "开始写作" });
    await expect(start.getAttribute("title")).resolves.toContain("Ctrl+Enter");
    await page.getByLabel("写什么").fill("快捷键测试");
    await page.keyboard.press("Control+Enter");
    await visible(card(page, "素材确认"));
    await confirmMaterials(page);
    await confirmOutline(page);
    const pause3 = card(page, "确认初稿");
    await pause3.getByLabel("修改意见").fill("补充成本数据");
    await pause3.getByRole("button", { name: "按我的意见修改" }).click();
    await expect.poll(() => page.getByLabel("版本").locator("option").count(), { timeout: 30_000 }).toBe(2);
    await expect(page.getByLabel("版本").getAttribute("title")).resolves.toContain("Alt+PageUp");
    // Alt+PageUp / Alt+PageDown walk the versions; Ctrl+E toggles preview and editor.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("Alt+PageUp");
    await expect.poll(() => page.getByLabel("版本").inputValue()).toBe("1");
    await page.keyboard.press("Alt+PageDown");
    await expect.poll(() => page.getByLabel("版本").inputValue()).toBe("2");
    await page.keyboard.press("Control+e");
    await visible(page.getByRole("textbox", { name: "Markdown 编辑器" }));
    await expect(page.getByRole("tab", { name: "编辑" }).getAttribute("aria-selected")).resolves.toBe("true");
    // Ctrl+Enter at a pause sends its primary action (确认定稿 at PAUSE-3).
    await card(page, "确认初稿").getByRole("button", { name: "确认定稿" }).focus();
    await expect(card(page, "确认初稿").getByRole("button", { name: "确认定稿" }).getAttribute("title")).resolves.toContain("Ctrl+Enter");
    await page.keyboard.press("Control+Enter");
    await visible(page.getByRole("status").filter({ hasText: "已定稿" }));
  });
});
