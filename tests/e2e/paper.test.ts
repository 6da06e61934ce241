import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { PAPER_TITLE, buildPaperPdf } from "../papers/paperPdf.js";
import { studioPerTest } from "./harness/startStudio.js";
import { paperServices, openTestPaper } from "./harness/paperSteps.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();

/** Whether the element is inside both the reader pane's and the window's visible area. */
function inView(page: import("playwright-core").Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    const pane = document.querySelector(".paper-reader");
    if (!element || !pane) return false;
    const box = element.getBoundingClientRect();
    const frame = pane.getBoundingClientRect();
    return box.height > 0 && box.top >= frame.top && box.bottom <= frame.bottom && box.bottom <= window.innerHeight;
  }, selector);
}

/** Every paper agent scripted; the engine, SQLite, LanceDB, the HTTP server and Chromium are real. */
/** The checked translation of the training paragraph (numbers kept, Chinese). */
const TRAINING_ZH = "我们使用 Adam 优化器训练 30 轮，学习率为 0.0003，使用八块 GPU。训练大约需要两天。";

function paperLlm(): ScriptedLlm {
  return new ScriptedLlm({
    chunkDelayMs: 5,
    replies: {
      "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
      "paper.translate_terms": { terms: [] },
      "paper.router": { intent: "chat", reason: "问答" },
      "paper.chat": "The encoder uses 12 attention layers [p.2].",
      "paper.critical": { points: [{ aspect: "baselines", point: "Only the dense baseline is compared on DocBench.", page: 3 }] },
      "paper.extraction": { problem: "Long documents are costly.", method: "Sparse routing.", datasets: ["DocBench"], key_results: [{ result: "91.3% accuracy on DocBench", page: 3 }] },
      "paper.analysis": { strengths: [{ point: "Ablation of experts.", page: 3 }], weaknesses: [{ point: "No multilingual study.", page: 4 }], novelty: "Two of eight experts." },
      "paper.synthesis": ["SparseRoute reaches 97.0% accuracy on ImageNet [p.3].", "SparseRoute reaches 91.3% accuracy on DocBench [p.3]."],
      "paper.judge": { supported: false, evidence_chunk_id: "none" },
      "paper.extract": { datasets: ["DocBench"], methods: ["SparseRoute"], metrics: ["accuracy"], results: [{ method: "SparseRoute", dataset: "DocBench", metric: "accuracy", value: "91.3%", page: 3 }] },
      "paper.translate": (options) => (String((options as { prompt: string }).prompt).includes("Adam optimizer") ? TRAINING_ZH : "译文。"),
      "paper.questioner": { questions: ["Which baselines are compared?", "What does Table 2 show?", "What are the limitations?"] },
    },
  });
}

describe("论文阅读 screen in Chromium", { timeout: 180_000 }, () => {
  it("imports a PDF, answers with a citation that jumps to its page, runs a forced intent and shows the deep read", async () => {
    const llm = paperLlm();
    const studio = await openStudio({
      llm,
      workflowServices: {
        paper: paperServices(llm),
      },
    });
    const { page } = studio;
    await skipOnboarding(page);
    await openTestPaper(studio);
    await visible(page.locator('[data-page="4"]'));
    // A PDF opens as its pages (paperPageView.test.ts); this test reads and selects its text view.
    await page.getByRole("button", { name: "文本", exact: true }).click();

    await page.getByLabel("输入问题").fill("How many attention layers does the encoder use?");
    await page.getByRole("button", { name: "提问" }).click();
    const answer = await visible(page.getByTestId("paper-answer"));
    await expect.poll(() => answer.innerText()).toContain("12 attention layers");
    await expect.poll(() => answer.innerText()).toContain(PAPER_TITLE);
    // The 4-page paper fits the model's context: the answer says it read the whole paper.
    await expect.poll(() => answer.getByTestId("paper-context-mode").getAttribute("data-mode")).toBe("whole_paper");
    await expect.poll(() => answer.innerText()).toContain("通读全文");
    await visible(page.getByRole("button", { name: "What does Table 2 show?" }));
    // The source list shows only what the answer cites, with the quote the gate verified.
    const sources = answer.getByTestId("paper-sources");
    await expect.poll(() => sources.locator("li").count()).toBe(1);
    await expect.poll(() => sources.innerText()).toContain("The encoder uses 12 attention layers with a hidden size of 768.");
    await answer.getByRole("button", { name: "p.2" }).first().click();
    await expect.poll(() => page.locator('article[data-page="2"]').getAttribute("class")).toContain("paper-page--marked");
    // The quote is highlighted on its page and scrolled into the reader's view.
    const quote = page.locator('article[data-page="2"] mark.paper-quote');
    await expect.poll(() => quote.innerText()).toContain("12 attention layers");
    await expect.poll(() => inView(page, 'article[data-page="2"] mark.paper-quote')).toBe(true);
    await studio.screenshot("30-paper-answer");

    const routerCalls = llm.callsFor("paper", "router").length;
    await page.getByRole("button", { name: "批判分析" }).click();
    await expect.poll(() => page.getByTestId("paper-answer").count()).toBe(2);
    await expect.poll(() => page.getByTestId("paper-answer").nth(1).innerText()).toContain("Only the dense baseline is compared on DocBench.");
    expect(llm.callsFor("paper", "router")).toHaveLength(routerCalls);

    await page.getByRole("button", { name: "深度阅读" }).first().click();
    const panel = await visible(page.getByTestId("deep-read-panel"));
    await expect.poll(() => panel.locator('[data-verdict="supported"]').count(), { timeout: 30_000 }).toBe(1);
    for (const stage of ["extraction", "analysis", "synthesis"]) await expect.poll(() => panel.locator(`[data-stage="${stage}"]`).getAttribute("class")).toContain("is-done");
    await expect.poll(() => panel.innerText()).toContain("论断核查（重写 1 次）");
    await studio.screenshot("31-paper-deep-read");

    // Select a sentence in the reader, ask about the selection with 翻译.
    await page.evaluate(() => {
      const paragraph = Array.from(document.querySelectorAll('article[data-page="2"] p')).find((p) => p.textContent?.includes("Adam optimizer"))!;
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      paragraph.dispatchEvent(new MouseEvent("mouseup", { bubbles: true }));
    });
    await page.getByRole("button", { name: "就选中内容提问" }).click();
    await page.getByRole("button", { name: "翻译", exact: true }).click();
    await expect.poll(() => page.getByTestId("paper-answer").last().innerText(), { timeout: 30_000 }).toContain(TRAINING_ZH);
    expect(llm.callsFor("paper", "translate").at(-1)!.prompt).toContain("Adam optimizer");

    await page.getByLabel("界面语言").selectOption("en");
    await visible(page.getByRole("button", { name: "Papers" }));
    await visible(page.getByRole("button", { name: "Deep read" }));
    expect(studio.pageErrors).toEqual([]);
    expect(studio.foreignRequests).toEqual([]);
  });
  it("searches and deletes papers in the library, asks a follow-up chip's question, and exports an extraction as CSV and Markdown", async () => {
    const llm = paperLlm();
    const studio = await openStudio({
      llm,
      workflowServices: {
        paper: paperServices(llm),
      },
    });
    const { page, engine } = studio;
    await skipOnboarding(page);
    await page.getByRole("button", { name: "论文阅读" }).click();
    const pdf = path.join(studio.dataDir, "sparse.pdf");
    fs.writeFileSync(pdf, await buildPaperPdf());
    const md = path.join(studio.dataDir, "other.md");
    fs.writeFileSync(md, "# Soil Carbon Survey\n\nThe survey covered 420 farms in 2021.\n");
    for (const [file, title] of [[pdf, PAPER_TITLE], [md, "Soil Carbon Survey"]] as const) {
      await page.getByLabel("论文文件路径").fill(file);
      await page.getByRole("button", { name: "导入", exact: true }).click();
      await visible(page.getByText(`已导入《${title}》`, { exact: false }));
    }
    const items = page.locator(".paper-library__item");
    await expect.poll(() => items.count()).toBe(2);

    // Library search narrows the list; clearing it brings both back.
    await page.getByLabel("搜索论文").fill("soil");
    await expect.poll(() => items.allInnerTexts()).toEqual([expect.stringContaining("Soil Carbon Survey")]);
    await page.getByLabel("搜索论文").fill("");
    await expect.poll(() => items.count()).toBe(2);

    // Delete asks first; confirming removes the paper from the list and from the library.
    await items.filter({ hasText: "Soil Carbon Survey" }).getByRole("button", { name: "删除" }).click();
    const dialog = await visible(page.locator("dialog.dialog--confirm"));
    await expect.poll(() => dialog.innerText()).toContain("删除《Soil Carbon Survey》？");
    await dialog.getByRole("button", { name: "删除" }).click();
    await expect.poll(() => items.count()).toBe(1);
    expect((await engine.call("paper.list", {})).papers.map((p) => p.title)).toEqual([PAPER_TITLE]);

    // Open the PDF, ask, then click a follow-up chip: it is asked as the next question of the session.
    await items.getByRole("button", { name: PAPER_TITLE }).click();
    await page.getByRole("button", { name: "文本", exact: true }).click();
    await visible(page.locator('article[data-page="4"]'));
    await page.getByLabel("输入问题").fill("How many attention layers does the encoder use?");
    await page.getByRole("button", { name: "提问" }).click();
    await expect.poll(() => page.getByTestId("paper-answer").first().innerText()).toContain("12 attention layers");
    const chip = await visible(page.getByRole("button", { name: "Which baselines are compared?" }));
    const chatCalls = llm.callsFor("paper", "chat").length;
    await chip.click();
    await expect.poll(() => page.getByTestId("paper-answer").count()).toBe(2);
    await visible(page.locator(".bubble--user", { hasText: "Which baselines are compared?" }));
    await expect.poll(() => llm.callsFor("paper", "chat").length).toBe(chatCalls + 1);
    expect(llm.callsFor("paper", "chat").at(-1)!.prompt).toContain("Question: Which baselines are compared?");

    // 提取信息 with the typed question: the table answer offers CSV and Markdown downloads.
    await page.getByLabel("输入问题").fill("What accuracy does SparseRoute reach on DocBench?");
    await page.getByRole("button", { name: "提取信息" }).click();
    await expect.poll(() => page.getByTestId("paper-answer").count()).toBe(3);
    expect(await page.getByLabel("输入问题").inputValue()).toBe(""); // the typed question went with the button
    const extracted = page.getByTestId("paper-answer").nth(2);
    await expect.poll(() => extracted.innerText()).toContain("91.3%");
    // The rows are a real table (not Markdown text); a row's page jumps the reader there.
    const table = extracted.getByRole("table", { name: "提取结果" });
    await expect.poll(() => table.locator("tbody tr").allInnerTexts()).toEqual([expect.stringMatching(/SparseRoute\s+DocBench\s+accuracy\s+91\.3%\s+p\.3/)]);
    expect(await extracted.innerText()).not.toContain("| method |");
    await table.getByRole("button", { name: "p.3" }).click();
    await expect.poll(() => page.locator('article[data-page="3"]').getAttribute("class")).toContain("paper-page--marked");
    // Only the reader pane scrolled (page 3 at its top, or as far as it goes), the studio itself not moved.
    const offsets = await page.evaluate(() => {
      const reader = document.querySelector(".paper-reader")!;
      const box = reader.getBoundingClientRect();
      const target = document.querySelector('article[data-page="3"]')!.getBoundingClientRect().top;
      const atEnd = Math.abs(reader.scrollTop + reader.clientHeight - reader.scrollHeight) <= 1;
      return {
        shown: target >= box.top && target < box.bottom && (Math.abs(target - box.top) <= 1 || atEnd),
        scrolled: reader.scrollTop > 0,
        document: document.scrollingElement!.scrollTop,
        main: Math.max(...Array.from(document.querySelectorAll(".main")).map((m) => m.scrollTop)),
      };
    });
    expect(offsets).toEqual({ shown: true, scrolled: true, document: 0, main: 0 });
    // The chip's question stays in the log (its answer repeats the first one's text word for word).
    await expect
      .poll(() => page.locator(".bubble--user").allInnerTexts())
      .toEqual([
        expect.stringContaining("How many attention layers does the encoder use?"),
        expect.stringContaining("Which baselines are compared?"),
        expect.stringContaining("What accuracy does SparseRoute reach on DocBench?"),
      ]);
    const exported = async (button: string): Promise<{ name: string; text: string }> => {
      const download = page.waitForEvent("download");
      await extracted.getByRole("button", { name: button }).click();
      const file = await download;
      return { name: file.suggestedFilename(), text: fs.readFileSync(await file.path(), "utf8") };
    };
    const csv = await exported("导出 CSV");
    expect(csv.name).toBe("extract.csv");
    expect(csv.text).toBe("method,dataset,metric,value,page\nSparseRoute,DocBench,accuracy,91.3%,3\n");
    const markdown = await exported("导出 Markdown");
    expect(markdown.name).toBe("extract.md");
    expect(markdown.text).toMatch(/\|\s*SparseRoute\s*\|\s*DocBench\s*\|\s*accuracy\s*\|\s*91\.3%\s*\|\s*3\s*\|/);
    await studio.screenshot("32-paper-library-extract");
    expect(studio.pageErrors).toEqual([]);
    expect(studio.foreignRequests).toEqual([]);
  });
});
