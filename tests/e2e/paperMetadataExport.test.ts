import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { readZipEntry } from "../integration/readZipEntry.js";
import { PAPER_TITLE } from "../papers/paperPdf.js";
import { studioPerTest } from "./harness/startStudio.js";
import { openTestPaper, paperServices } from "./harness/paperSteps.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();

describe("paper library: metadata correction and the answer's Word export, in Chromium", { timeout: 180_000 }, () => {
  it("a bad year is refused with the field named and nothing changes; the corrected metadata reaches the Word export's footnotes and references", async () => {
    const llm = new ScriptedLlm({
      replies: {
        "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
        "paper.translate_terms": { terms: [] },
        "paper.router": { intent: "chat", reason: "问答" },
        "paper.chat": "The encoder uses 12 attention layers [p.2].",
        "paper.questioner": { questions: ["a?", "b?", "c?"] },
      },
    });
    const studio = await openStudio({
      llm,
      workflowServices: {
        paper: paperServices(llm),
      },
    });
    const { page } = studio;
    await skipOnboarding(page);
    await openTestPaper(studio);

    await page.getByRole("button", { name: "修改题录" }).click();
    const form = await visible(page.getByTestId("paper-meta"));
    await expect.poll(() => form.getByLabel("题名").inputValue()).toBe(PAPER_TITLE);
    await form.getByLabel("年份").fill("3000");
    await form.getByRole("button", { name: "保存题录" }).click();
    await expect.poll(() => form.getByRole("alert").innerText()).toMatch(/年份 3000 不在 1000–\d{4} 之间/);
    expect((await studio.engine.call("paper.list", {})).papers[0]).toMatchObject({ title: PAPER_TITLE, year: 2023 });

    await form.getByLabel("题名").fill("Sparse Routing, Revisited");
    await form.getByLabel("作者（用分号分隔）").fill("Mei Lin; Alan Turing");
    await form.getByLabel("年份").fill("2021");
    await form.getByLabel("期刊 / 会议").fill("Journal of Document AI");
    await form.getByLabel("DOI").fill("10.1234/jdai.2021.5");
    await form.getByRole("button", { name: "保存题录" }).click();
    await visible(form.getByText("题录已保存，参考文献将使用新题录。"));
    // The form is a modal dialog: closed before the page behind it is used again.
    await form.getByRole("button", { name: "关闭" }).click();
    await visible(page.getByRole("button", { name: "Sparse Routing, Revisited" }));
    await studio.screenshot("46-paper-metadata-form");

    await page.getByLabel("输入问题").fill("How many attention layers does the encoder use?");
    await page.getByRole("button", { name: "提问" }).click();
    const exports = await visible(page.getByTestId("paper-export"), 60_000);
    await exports.getByLabel("参考文献格式").selectOption({ label: "APA" });
    const download = page.waitForEvent("download");
    await exports.getByRole("button", { name: "导出 Word（脚注）" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.docx$/);
    const docx = fs.readFileSync(await file.path());
    expect(readZipEntry(docx, "word/footnotes.xml")!.toString("utf8")).toContain("Mei Lin, Alan Turing, Sparse Routing, Revisited, p. 2");
    expect(readZipEntry(docx, "word/document.xml")!.toString("utf8")).toContain("Lin, M., &amp; Turing, A. (2021). Sparse Routing, Revisited. Journal of Document AI.");
  });
});
