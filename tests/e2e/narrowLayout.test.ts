import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { PAPER_TITLE } from "../papers/paperPdf.js";
import { studioPerTest } from "./harness/startStudio.js";
import { openTestPaper, paperServices } from "./harness/paperSteps.js";
import { skipOnboarding, visible } from "./harness/studioSteps.js";

const openStudio = studioPerTest();

/** WCAG relative luminance of a computed `rgb(…)` / `rgba(…)` colour. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Text/background contrast of a button while the pointer is on it. */
async function hoverContrast(button: Locator): Promise<number> {
  await button.hover();
  // Past the 0.12 s background transition.
  await button.page().waitForTimeout(300);
  const { color, background } = await button.evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor }));
  const [a, b] = [luminance(color), luminance(background)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

/** The rendered width of the first element matching `selector`. */
const widthOf = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().width);
/** How far the document is taller than the window (0 when the app fits, as it must: panes scroll, the page does not). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

// The paper's own sentences: the chat shows only sentences of the reply that the paper supports.
const LONG_ANSWER = [
  "We present SparseRoute, a transformer that routes each token to two of eight experts.",
  "On the DocBench corpus SparseRoute reaches an accuracy of 91.3% while using 40% less compute than a dense baseline.",
  "Long documents are expensive to encode because attention grows quadratically.",
  "The router scores every expert with a linear layer and keeps the two best.",
  "The auxiliary term R balances the load between experts so that no expert is starved during training.",
  "We train for 30 epochs with the Adam optimizer and a learning rate of 0.0003 on eight GPUs.",
  "Training takes about two days.",
  "We evaluate on DocBench and on the LongQA benchmark.",
  "SparseRoute reaches 91.3% accuracy on DocBench, compared with 89.1% for the dense baseline.",
  "Table 2 shows that eight experts work best; more experts did not help in our runs.",
];

function paperLlm(): ScriptedLlm {
  return new ScriptedLlm({
    chunkDelayMs: 2,
    replies: {
      "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
      "paper.translate_terms": { terms: [] },
      "paper.router": { intent: "chat", reason: "问答" },
      // A long answer of distinct sentences (a repeated one is cut by the loop guard), its last one cited.
      "paper.chat": `${LONG_ANSWER.join(" ")} The encoder uses 12 attention layers with a hidden size of 768. [p.2]`,
      "paper.questioner": { questions: ["Which baselines are compared?", "What does Table 2 show?", "What are the limitations?"] },
    },
  });
}

describe("layout, hover contrast and confirmations", { timeout: 180_000 }, () => {
  it("keeps every screen in readable columns at 1024×700, with no page taller than the window", async () => {
    const studio = await openStudio({}, { viewport: { width: 1024, height: 700 } });
    const { page } = studio;
    await skipOnboarding(page);
    const screens: Array<[string, string[]]> = [
      ["写作工坊", [".studio .pane"]],
      ["对话", [".chat"]],
      ["文档生成", [".docgen-left", ".docgen-screen .pane--draft"]],
      ["论文阅读", [".paper-library", ".paper-reader", ".paper-side"]],
      ["设置", [".settings__body"]],
    ];
    const widths: Record<string, number> = {};
    for (const [nav, selectors] of screens) {
      await page.getByRole("button", { name: nav, exact: true }).click();
      await visible(page.locator(selectors[0]!));
      for (const selector of selectors) widths[selector] = Math.round(await widthOf(page, selector));
      expect([nav, await pageOverflow(page)]).toEqual([nav, 0]);
      await studio.screenshot(`1024-${selectors[0]!.replace(/[^a-z]+/g, "-")}`);
    }
    // Wide enough for a line of text, not one character a line.
    console.log("widths at 1024×700:", JSON.stringify(widths));
    for (const [selector, width] of Object.entries(widths)) expect([selector, width >= 240]).toEqual([selector, true]);
    expect(widths[".paper-reader"]).toBeGreaterThanOrEqual(360);
    expect(widths[".docgen-screen .pane--draft"]).toBeGreaterThanOrEqual(400);
  });

  it("keeps the primary buttons readable under the pointer (contrast ≥ 4.5), light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const studio = await openStudio({}, { colorScheme });
      const { page } = studio;
      await skipOnboarding(page);
      await page.getByLabel("写什么").fill("悬停对比度");
      for (const name of ["开始写作", "+ 新建文章"]) expect([colorScheme, name, (await hoverContrast(page.getByRole("button", { name, exact: true }))) >= 4.5]).toEqual([colorScheme, name, true]);
      await studio.close();
    }
  });

  it("asks before force-finalizing is covered in studio.test; asks before deleting a library source", async () => {
    // A deterministic embedder (no model file in CI); ingest, chunking and LanceDB are the real ones.
    const studio = await openStudio({ knowledgeOptions: { loadEmbedder: async () => new HashEmbedder(32) } });
    const { page, engine, dataDir } = studio;
    await skipOnboarding(page);
    const note = path.join(dataDir, "笔记.md");
    fs.writeFileSync(note, "# 笔记\n\n离线写作让资料留在内网。\n");
    await engine.call("knowledge.ingest", { paths: [note], collection: "library" });
    await expect.poll(async () => (await engine.call("knowledge.sources", {})).sources.length, { timeout: 30_000 }).toBe(1);
    await page.getByRole("button", { name: "设置", exact: true }).click();
    await page.getByRole("tab", { name: "知识库" }).click();
    const remove = await visible(page.getByRole("button", { name: `删除 ${note}` }));
    const question = `从知识库删除 ${note}？它的片段会从索引中移除。`;
    await remove.click();
    await (await visible(page.getByRole("dialog", { name: question }))).getByRole("button", { name: "取消" }).click();
    expect((await engine.call("knowledge.sources", {})).sources).toHaveLength(1);
    await remove.click();
    await (await visible(page.getByRole("dialog", { name: question }))).getByRole("button", { name: "删除", exact: true }).click();
    await expect.poll(async () => (await engine.call("knowledge.sources", {})).sources.length).toBe(0);
  });

  it("paper Q&A: the page stays the window's height and the column follows the newest answer", async () => {
    const llm = paperLlm();
    const studio = await openStudio(
      {
        llm,
        workflowServices: {
          paper: paperServices(llm),
        },
      },
      { viewport: { width: 1440, height: 900 } },
    );
    const { page } = studio;
    await skipOnboarding(page);
    await openTestPaper(studio);
    for (let i = 1; i <= 3; i++) {
      await page.getByLabel("输入问题").fill(`Question ${i}: how many attention layers?`);
      await page.getByRole("button", { name: "提问", exact: true }).click();
      await expect.poll(() => page.getByTestId("paper-answer").count(), { timeout: 30_000 }).toBe(i);
    }
    expect(await pageOverflow(page)).toBe(0);
    // The column scrolled by itself so the newest answer starts in the upper half of its view.
    const side = page.locator(".paper-side");
    const newest = page.getByTestId("paper-answer").last();
    await expect
      .poll(async () => {
        const [box, pane, scrolled] = await Promise.all([newest.boundingBox(), side.boundingBox(), side.evaluate((el) => el.scrollTop)]);
        return scrolled > 0 && box !== null && pane !== null && box.y >= pane.y - 1 && box.y < pane.y + pane.height / 2;
      })
      .toBe(true);
    await studio.screenshot("paper-follows-newest-answer");
  });
});
