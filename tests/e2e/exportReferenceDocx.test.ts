import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Document, Packer, Paragraph, TextRun } from "docx";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { ScriptedLlm, type ScriptedCallOptions } from "../../electron/engine/testing/ScriptedLlm.js";
import { studioPerTest } from "./harness/startStudio.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();

/** A reviewer that flags 贼好用 and a reviser that rewrites it: a docgen session with a document to export. */
function reviewLlm(): ScriptedLlm {
  const rows = (o: ScriptedCallOptions) => o.prompt.split("\n").filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"));
  return new ScriptedLlm({
    replies: {
      reviewer: { violations: [] },
      "reviewer.content_style": (o: ScriptedCallOptions) => ({
        violations: rows(o).map((l) => ({ rule_id: "6.6", line: Number(l.slice(0, 4)), excerpt: "贼好用", comment: "口语化" })),
      }),
      "reviser.content_style": (o: ScriptedCallOptions) => ({
        replacements: rows(o).map((l) => {
          const line = Number(l.slice(0, 4));
          return { start_line: line, end_line: line, old_text: l.slice(6), new_content: l.slice(6).replace("贼好用", "易于使用"), reason: "口语化" };
        }),
      }),
    },
  });
}

/** A user's reference.docx: Normal in KaiTi, a page margin no built-in layout has. */
async function referenceDocx(): Promise<string> {
  const reference = new Document({
    styles: { paragraphStyles: [{ id: "Normal", name: "Normal", run: { font: { ascii: "KaiTi", eastAsia: "KaiTi", hAnsi: "KaiTi" }, size: 28 } }] },
    sections: [
      {
        properties: { page: { margin: { top: 1111, left: 2222, bottom: 1111, right: 2222 } } },
        children: [new Paragraph({ children: [new TextRun("样式")] })],
      },
    ],
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "refdocx-")), "kaiti-reference.docx");
  fs.writeFileSync(file, await Packer.toBuffer(reference));
  return file;
}

const LABELS = {
  zh: {
    nav: "文档生成", review: "审查已有文档", topic: "主题", markdown: "要审查的 Markdown", start: "开始审查", docx: "导出 DOCX",
    pick: "我的模板（reference.docx）…", mine: "我的模板：kaiti-reference.docx", fallback: "默认版式",
    missing: "找不到版式模板 kaiti-reference.docx",
  },
  en: {
    nav: "Doc generator", review: "Review a document", topic: "Topic", markdown: "Markdown to review", start: "Review", docx: "Export DOCX",
    pick: "My template (reference.docx)…", mine: "My template: kaiti-reference.docx", fallback: "Default layout",
    missing: "The layout template kaiti-reference.docx is gone",
  },
} as const;

describe.each(["zh", "en"] as const)("export with the user's own reference.docx in Chromium (%s)", { timeout: 240_000 }, (lang) => {
  const L = LABELS[lang];
  it("restyles the DOCX with the picked template, keeps the choice after a reload, and names a template that is gone", async () => {
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
    await page.getByLabel(L.markdown).fill("# 我的文档\n\n这个工具贼好用。\n");
    await page.getByRole("button", { name: L.start, exact: true }).click();
    const exportDocx = page.getByRole("button", { name: L.docx, exact: true });
    await visible(exportDocx, 90_000);

    // Browser mode: the picked file is uploaded and the select shows it by its name.
    const select = page.getByTestId("export-template");
    const chosen = () => select.locator("option:checked").textContent();
    await page.locator(`input[type="file"][aria-label="${L.pick}"]`).setInputFiles(await referenceDocx());
    await expect.poll(chosen, { timeout: 30_000 }).toBe(L.mine);

    const download = page.waitForEvent("download");
    await exportDocx.click();
    const docx = await JSZip.loadAsync(fs.readFileSync(await (await download).path()));
    expect(await docx.file("word/styles.xml")!.async("string")).toContain('w:ascii="KaiTi"');
    expect(await docx.file("word/document.xml")!.async("string")).toMatch(/<w:pgMar w:top="1111" w:right="2222" w:bottom="1111" w:left="2222"/);
    expect(await docx.file("word/document.xml")!.async("string")).toContain("这个工具");

    await page.reload();
    await visible(exportDocx, 30_000);
    await expect.poll(chosen, { timeout: 30_000 }).toBe(L.mine);
    expect(studio.pageErrors).toEqual([]);
    expect(studio.foreignRequests).toEqual([]);

    // The uploaded template is gone: the export says which one and the layout falls back to default.
    const stored = await page.evaluate(() => localStorage.getItem("scriptorium.exportTemplate"));
    expect(stored).toMatch(/kaiti-reference\.docx$/);
    fs.rmSync(stored!);
    await exportDocx.click();
    await visible(page.getByText(L.missing));
    await expect.poll(chosen).toBe(L.fallback);
  });
});
