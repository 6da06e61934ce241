import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cleanSection, outlineOf, sectionIndexOf, writeFiles } from "../../electron/engine/testing/docgenTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../electron/engine/testing/ScriptedLlm.js";
import { PAPER_TITLE } from "../papers/paperPdf.js";
import { studioPerTest, type Studio } from "./harness/startStudio.js";
import { openTestPaper, paperServices } from "./harness/paperSteps.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";

/**
 * The XSS corpus of markdownSafety.test.ts, extended to the panels the doc generator and the paper
 * reader added: the paper answer, its follow-up chips, the extract table, the deep-read stages,
 * docgen's per-round diff of replacements and its violations list (the docgen graph beside them is
 * the app's own SVG, drawn by React from the module names, and is checked for handlers too). A confused or hostile model writes the payloads;
 * in real Chromium nothing may run (window.__xss stays unset), no active element may appear, no
 * request may leave the app's origin, and the payloads must still be visible as text.
 */
/** An image whose error handler would set the XSS flag, written without quotes or digits: the sentence check reads those as facts the paper must hold. */
const INERT_IMG = "<img src=x onerror=window.__xss=true>";
const XSS = {
  img: `<img src=x onerror="window.__xss='img'">`,
  script: `<script>window.__xss='script'</script>`,
  svg: `<svg onload="window.__xss='svg'"></svg>`,
  link: `[click](javascript:window.__xss='link')`,
  pixel: `![pixel](http://198.51.100.7/pixel.png)`,
};

const openStudio = studioPerTest();

/** Nothing ran, nothing active was inserted under `scope`, nothing left the origin. */
async function expectInert(page: Page, scope: string, s: Studio): Promise<void> {
  // Give any injected handler a chance to fire before asserting it did not.
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
  // Active elements, except the app's own drawing of the docgen graph (an SVG React builds from the run's module names).
  const active = await page
    .locator(`${scope} script, ${scope} img, ${scope} iframe, ${scope} svg, ${scope} object, ${scope} embed`)
    .evaluateAll((els) => els.filter((e) => !e.closest("[data-testid=docgen-graph-svg]")).map((e) => e.outerHTML.slice(0, 300)));
  expect(active).toEqual([]);
  // No element anywhere in scope carries an event-handler attribute.
  const handlers = await page.locator(`${scope}, ${scope} *`).evaluateAll((els) => els.flatMap((e) => Array.from(e.attributes).filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName} ${a.name}`)));
  expect(handlers).toEqual([]);
  const hrefs = await page.locator(`${scope} a`).evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.filter((h) => /^\s*(javascript|data|vbscript):/i.test(h))).toEqual([]);
  expect(s.foreignRequests).toEqual([]);
  expect(s.pageErrors.filter((e) => !e.includes("favicon"))).toEqual([]);
}

describe("new panels render model output inert in Chromium", { timeout: 180_000 }, () => {
  it("paper: answer, follow-up chips, extract table and deep-read stages", async () => {
    const llm = new ScriptedLlm({
      replies: {
        "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
        "paper.translate_terms": { terms: [] },
        "paper.router": { intent: "chat", reason: "问答" },
        // Markup inside a sentence the prose guard and the sentence check pass (its words and numbers are the paper's; the judge
        // decides its grey zone); a reply of markup alone, or markup with words or numbers the paper lacks, never reaches the screen.
        "paper.chat": `The encoder uses 12 attention layers with a hidden size of 768 ${INERT_IMG} [p.2].`,
        "paper.judge": (options) => ({ supported: true, evidence_chunk_id: String(/\((p[0-9a-f]+:\d+)\)/.exec(options.prompt)?.[1] ?? "x") }),
        "paper.questioner": { questions: [`Chip ${XSS.img}?`, `Chip ${XSS.script}?`, `Chip ${XSS.link}?`] },
        // A name the paper never prints is dropped before the table (markup included): only the clean row and names are shown.
        "paper.extract": {
          datasets: ["DocBench", `DocBench ${XSS.svg}`],
          methods: ["SparseRoute", `SparseRoute ${XSS.img}`],
          metrics: ["accuracy"],
          results: [
            { method: "SparseRoute", dataset: "DocBench", metric: "accuracy", value: "91.3%", page: 3 },
            { method: `SparseRoute ${XSS.img}`, dataset: "DocBench", metric: `accuracy ${XSS.script}`, value: "91.3%", page: 3 },
          ],
        },
        "paper.extraction": { problem: `Long documents ${XSS.img}`, method: `Sparse routing ${XSS.svg}`, datasets: ["DocBench"], key_results: [{ result: `91.3% accuracy on DocBench ${XSS.script}`, page: 3 }] },
        "paper.analysis": { strengths: [{ point: `Ablation ${XSS.link}`, page: 3 }], weaknesses: [{ point: `No multilingual study ${XSS.pixel}`, page: 4 }], novelty: `Two of eight experts ${XSS.img}` },
        "paper.synthesis": `SparseRoute reaches 91.3% accuracy on DocBench [p.3]. ${XSS.img} ${XSS.svg}`,
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

    await page.getByLabel("输入问题").fill("How many attention layers does the encoder use?");
    await page.getByRole("button", { name: "提问" }).click();
    const answer = await visible(page.getByTestId("paper-answer"));
    await expect.poll(() => answer.innerText()).toContain("onerror=");
    await visible(page.getByRole("button", { name: `Chip ${XSS.img}?` }));
    await expectInert(page, "[data-testid=paper-answer]", studio);
    await expectInert(page, "body", studio);

    await page.getByLabel("输入问题").fill("What accuracy does SparseRoute reach on DocBench?");
    await page.getByRole("button", { name: "提取信息" }).click();
    await expect.poll(() => page.getByTestId("paper-answer").count()).toBe(2);
    const extracted = page.getByTestId("paper-answer").nth(1);
    await expect.poll(() => extracted.innerText()).toContain("91.3%");
    expect(await extracted.innerText()).not.toMatch(/<script>|<svg|onerror/);
    await expectInert(page, "body", studio);

    await page.getByRole("button", { name: "深度阅读" }).first().click();
    const panel = await visible(page.getByTestId("deep-read-panel"));
    for (const stage of ["extraction", "analysis", "synthesis"]) await expect.poll(() => panel.locator(`[data-stage="${stage}"]`).getAttribute("class"), { timeout: 30_000 }).toContain("is-done");
    await expect.poll(() => panel.innerText()).toContain("onerror=");
    await expectInert(page, "[data-testid=deep-read-panel]", studio);
    await expectInert(page, "body", studio);
    await studio.screenshot("50-panel-safety-paper");
  });

  it("docgen: the round's diff of replacements and the violations list", async () => {
    const llm = new ScriptedLlm({
      chunkDelayMs: 2,
      replies: {
        "writer.outline": outlineOf(2, "安全文档"),
        "writer.section": (o: ScriptedCallOptions) => cleanSection(outlineOf(2).sections[sectionIndexOf(o)]!.title),
        reviewer: { violations: [] },
        "reviewer.content_style": (o: ScriptedCallOptions) => {
          const rows = o.prompt.split("\n").filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"));
          return { violations: rows.map((l) => ({ rule_id: "6.6", line: Number(l.slice(0, 4)), excerpt: "贼好用", comment: `口语化 ${XSS.img}` })) };
        },
        "reviser.content_style": (o: ScriptedCallOptions) => ({
          replacements: o.prompt
            .split("\n")
            .filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"))
            .map((l) => ({ start_line: Number(l.slice(0, 4)), end_line: Number(l.slice(0, 4)), old_text: l.slice(6), new_content: l.slice(6).replace("贼好用", `易于使用 ${XSS.script}${XSS.svg}`), reason: `6.6 ${XSS.link}` })),
        }),
      },
    });
    const studio = await openStudio({ llm });
    const { page } = studio;
    const notes = writeFiles(path.join(studio.dataDir, "notes"), { "a.md": "# 笔记\n\n一个命令行工具。\n" });
    await skipOnboarding(page);
    await page.getByRole("button", { name: "文档生成" }).click();
    await page.getByLabel("笔记", { exact: true }).check();
    await page.getByLabel("主题").fill("安全文档");
    await page.getByLabel("笔记文件或文件夹路径").fill(notes);
    await page.getByRole("button", { name: "开始生成" }).click();
    const confirm = page.getByRole("button", { name: "确认大纲", exact: true });
    await visible(confirm);
    await confirm.click();
    await visible(page.locator('.docgen-chip[data-module="content_style"]'), 60_000);
    await expect.poll(() => page.locator(".docgen-chip[data-state=pending], .docgen-chip[data-state=reviewing]").count(), { timeout: 60_000 }).toBe(0);
    const round = page.locator('.docgen-round[data-module="content_style"]').first();
    await round.locator("summary").click();
    await expect.poll(() => round.innerText()).toContain("<script>");
    const violations = page.locator(".docgen-violations").first();
    await violations.locator("summary").click();
    await expect.poll(() => violations.innerText()).toContain("onerror=");
    await expectInert(page, ".docgen-round", studio);
    await expectInert(page, ".docgen-violations", studio);
    await expectInert(page, "body", studio);
    await studio.screenshot("51-panel-safety-docgen");
  });
});
