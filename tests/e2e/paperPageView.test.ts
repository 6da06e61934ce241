import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { PAPER_TITLE, buildPaperPdf } from "../papers/paperPdf.js";
import { scanPdf } from "../papers/scanPdf.js";
import { paperServices } from "./harness/paperSteps.js";
import { studioPerTest } from "./harness/startStudio.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();
const QUOTE = "The encoder uses 12 attention layers with a hidden size of 768.";

function paperLlm(): ScriptedLlm {
  return new ScriptedLlm({
    chunkDelayMs: 2,
    replies: {
      "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
      "paper.translate_terms": { terms: [] },
      "paper.router": { intent: "chat", reason: "问答" },
      "paper.chat": "The encoder uses 12 attention layers [p.2].",
      "paper.questioner": { questions: ["Which baselines are compared?"] },
    },
  });
}

async function openPaper(pdf: Uint8Array) {
  const llm = paperLlm();
  const studio = await openStudio({
    llm,
    workflowServices: { paper: paperServices(llm) },
  });
  const file = path.join(studio.dataDir, "sparse.pdf");
  fs.writeFileSync(file, pdf);
  await studio.engine.call("paper.import", { paths: [file] });
  await skipOnboarding(studio.page);
  await studio.page.getByRole("button", { name: "论文阅读" }).click();
  await studio.page.locator(".paper-library__item").getByRole("button", { name: PAPER_TITLE }).click();
  return studio;
}

/** The highlight boxes on a page, the text-layer spans holding `words`, whether a box overlaps one, and whether the canvas is painted. */
function pageMarks(page: Page, pageNumber: number, words: string) {
  return page.evaluate(
    ([n, text]) => {
      const root = document.querySelector(`.pdf-page[data-page="${n}"]`);
      if (!root) return { boxes: 0, spans: 0, overlaps: false, painted: false };
      const boxes = Array.from(root.querySelectorAll(".pdf-highlight")).map((b) => b.getBoundingClientRect());
      const spans = Array.from(root.querySelectorAll(".textLayer span")).filter((s) => s.textContent?.includes(text));
      const overlaps = spans.some((span) => {
        const r = span.getBoundingClientRect();
        return boxes.some((b) => b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom && b.width > 0 && b.height > 0);
      });
      const canvas = root.querySelector("canvas")!;
      const pixels = canvas.width ? canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data : new Uint8ClampedArray();
      let dark = 0;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i + 3]! > 0 && pixels[i]! < 128) dark++;
      return { boxes: boxes.length, spans: spans.length, overlaps, painted: dark > 100 };
    },
    [pageNumber, words] as const,
  );
}

/** Whether the first highlight box lies inside the reader pane's visible area. */
function highlightInView(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const box = document.querySelector(".pdf-highlight")?.getBoundingClientRect();
    const pane = document.querySelector(".paper-reader")!.getBoundingClientRect();
    return !!box && box.top >= pane.top && box.bottom <= pane.bottom;
  });
}

describe("paper page view in Chromium (pdf.js pages, real engine and HTTP server)", { timeout: 240_000 }, () => {
  it("a citation opens its page with the quote highlighted over its text on the page, in zh and en; zoom, thumbnails and search", async () => {
    const studio = await openPaper(await buildPaperPdf());
    const { page } = studio;
    await expect.poll(() => page.locator(".pdf-page").count(), { timeout: 60_000 }).toBe(4);
    await page.getByLabel("输入问题").fill("How many attention layers does the encoder use?");
    await page.getByRole("button", { name: "提问" }).click();
    const sources = await visible(page.getByTestId("paper-sources"));
    await expect.poll(() => sources.innerText()).toContain(QUOTE);

    for (const [locale, cite] of [["zh", "p.2"], ["en", "p.2"]] as const) {
      if (locale === "en") {
        await page.getByRole("button", { name: "第 4 页缩略图" }).click();
        await page.getByLabel("界面语言").selectOption("en");
        await visible(page.getByRole("button", { name: "Page 4 thumbnail" }));
      }
      await sources.getByRole("button", { name: cite }).click();
      const marks = () => pageMarks(page, 2, "12 attention layers");
      await expect.poll(marks, { timeout: 60_000 }).toEqual({ boxes: expect.any(Number), spans: 1, overlaps: true, painted: true });
      expect((await pageMarks(page, 2, "12 attention layers")).boxes).toBeGreaterThan(0);
      await expect.poll(() => highlightInView(page)).toBe(true);
      // Only the reader pane scrolled: the studio (and its header) stayed put.
      expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
      await studio.screenshot(`33-paper-page-view-${locale}`);
    }

    // Zoom: the page grows by the step and is drawn again, highlight and all.
    const width = () => page.locator('.pdf-page[data-page="2"]').evaluate((e) => e.getBoundingClientRect().width);
    // The paper opened fitted to the pane (no sideways scrolling); zooming in steps up from there.
    const zoom = async () => Number((await page.getByTestId("pdf-zoom").innerText()).match(/^Zoom (\d+)%$/)![1]);
    const fitted = await zoom();
    const before = await width();
    expect(await page.locator(".pdf-view__pages").evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(zoom).toBeGreaterThan(fitted);
    const zoomed = await zoom();
    await expect.poll(async () => Math.abs((await width()) - (before * zoomed) / fitted)).toBeLessThan(2);
    await expect.poll(() => pageMarks(page, 2, "12 attention layers")).toMatchObject({ overlaps: true, painted: true });

    // Search in the document: the pages holding the term; Enter opens the first with the term highlighted.
    const search = page.getByLabel("Search in the document");
    await search.fill("DocBench");
    await expect.poll(() => page.getByTestId("pdf-search-count").innerText()).toMatch(/^“DocBench” on [1-4] pages$/);
    await search.press("Enter");
    await expect.poll(() => page.locator(".pdf-highlight").count()).toBeGreaterThan(0);
    await search.fill("no such words anywhere");
    await expect.poll(() => page.getByTestId("pdf-search-count").innerText()).toBe("“no such words anywhere” not found");

    // The text view is still there, and a citation marks the quote in it.
    await page.getByRole("button", { name: "Text", exact: true }).click();
    await sources.getByRole("button", { name: "p.2" }).click();
    await expect.poll(() => page.locator('article[data-page="2"] mark.paper-quote').innerText()).toContain("12 attention layers");
    expect(studio.pageErrors).toEqual([]);
    expect(studio.foreignRequests).toEqual([]);
  });

  it("a scanned page shows its OCR line boxes and confidence, a faint one is marked, and a citation highlights the OCR lines of its quote (real OCR)", async () => {
    // Page 2 is an image only (150 DPI, as office scanners make them); page 3 a faint 45 DPI grey
    // scan that OCR reads badly; the other pages keep their text layer.
    const scanned = await scanPdf(await scanPdf(await buildPaperPdf(), { pages: [2] }), { pages: [3], dpi: 45, grey: true, grain: true });
    const studio = await openPaper(scanned);
    const { page, engine } = studio;
    const docId = (await engine.call("paper.list", {})).papers[0]!.doc_id;
    const stored = (await engine.call("paper.pageView", { doc_id: docId })).ocr;
    expect(stored.map((p) => p.page)).toEqual([2, 3]);
    const boxes = page.locator('.pdf-page[data-page="2"] .pdf-ocr-box');
    await expect.poll(() => boxes.count(), { timeout: 60_000 }).toBe(stored[0]!.lines.length);
    await expect.poll(() => page.locator('.pdf-page[data-page="1"] .pdf-ocr-box').count()).toBe(0);
    const line = stored[0]!.lines.find((l) => l.text.includes("attention"))!;
    expect(await boxes.nth(stored[0]!.lines.indexOf(line)).getAttribute("title")).toContain(line.text);

    // The scanned page shows its OCR confidence, over the page and under its thumbnail; a text page shows none.
    const percent = Math.round(stored[0]!.confidence * 100);
    const low = stored[0]!.confidence < 0.75;
    const pageBadge = page.locator('.pdf-page[data-page="2"]').getByTestId("pdf-ocr-confidence");
    await expect.poll(() => pageBadge.innerText()).toBe(low ? `⚠ OCR 置信度低：${percent}%` : `OCR 置信度 ${percent}%`);
    expect(await page.getByRole("button", { name: "第 2 页缩略图" }).getByTestId("pdf-ocr-confidence").innerText()).toContain(`OCR ${percent}%`);
    expect(await page.locator('.pdf-page[data-page="1"]').getByTestId("pdf-ocr-confidence").count()).toBe(0);
    // The faint page is marked low, over the page and under its thumbnail, with the hint to check it.
    const faint = Math.round(stored[1]!.confidence * 100);
    expect(stored[1]!.confidence).toBeLessThan(0.75);
    const faintBadge = page.locator('.pdf-page[data-page="3"]').getByTestId("pdf-ocr-confidence");
    await expect.poll(() => faintBadge.innerText()).toBe(`⚠ OCR 置信度低：${faint}%`);
    expect(await faintBadge.getAttribute("title")).toContain("请对照页面原图核实");
    expect(await faintBadge.evaluate((e) => getComputedStyle(e).color)).not.toBe(await pageBadge.evaluate((e) => getComputedStyle(e).color));
    expect(await page.getByRole("button", { name: "第 3 页缩略图" }).getByTestId("pdf-ocr-confidence").getAttribute("data-low")).toBe("true");
    await page.getByLabel("界面语言").selectOption("en");
    await expect.poll(() => faintBadge.innerText()).toBe(`⚠ Low OCR confidence: ${faint}%`);
    expect(await faintBadge.getAttribute("title")).toContain("check them on the page image");
    await studio.screenshot("35-paper-page-view-ocr-confidence");
    await page.locator(".locale-switch select").selectOption("zh-CN");

    await page.getByLabel("输入问题").fill("How many attention layers does the encoder use?");
    await page.getByRole("button", { name: "提问" }).click();
    const sources = await visible(page.getByTestId("paper-sources"));
    await sources.getByRole("button", { name: "p.2" }).click();
    // No text layer on a scan: the highlight covers the OCR boxes of the lines that hold the quote.
    const overlap = () =>
      page.evaluate(() => {
        const root = document.querySelector('.pdf-page[data-page="2"]')!;
        const marks = Array.from(root.querySelectorAll(".pdf-highlight")).map((b) => b.getBoundingClientRect());
        const lines = Array.from(root.querySelectorAll<HTMLElement>(".pdf-ocr-box")).filter((b) => b.title.includes("attention"));
        const same = (m: DOMRect, l: DOMRect) => Math.abs(m.top - l.top) < 1 && Math.abs(m.width - l.width) < 1;
        return marks.length > 0 && lines.some((l) => marks.some((m) => same(m, l.getBoundingClientRect())));
      });
    await expect.poll(overlap, { timeout: 60_000 }).toBe(true);
    await studio.screenshot("34-paper-page-view-ocr");
    expect(studio.pageErrors).toEqual([]);
  });
});
