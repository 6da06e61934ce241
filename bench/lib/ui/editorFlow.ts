import type { Page } from "playwright-core";
import { longTasksBetween } from "./longTaskMath.js";
import { pageNow, snapshot } from "./pageProbe.js";
import { cpuTaskFigures, type CpuTaskFigures, type TraceEvent } from "./traceTasks.js";

const STEP_TIMEOUT_MS = 60_000;
const REPORT_LAG_MS = 200;

/** Figures of the editor on one long draft. */
export interface EditorResult {
  /** Characters in the editor when measured. */
  chars: number;
  /** Click on the editor tab → CodeMirror content on screen (its chunk is loaded on demand). */
  openMs: number;
  /** Long tasks while scrolling top → bottom → top in wheel steps. */
  scrollLongTasks: number;
  scrollMaxMs: number;
  /** Long tasks while typing 200 characters at the end (keystrokes 15 ms apart), lint worker and counts included. */
  typeLongTasks: number;
  typeMaxMs: number;
  /** The same phases from a Chromium trace: wall vs main-thread CPU per task (machine load vs the page's own work). */
  scrollCpu: CpuTaskFigures;
  typeCpu: CpuTaskFigures;
}

const mark = (page: Page, name: string) => page.evaluate(`performance.mark(${JSON.stringify(name)})`);

function region(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

/**
 * On an interactive studio page whose LLM writes a long draft: run to PAUSE-3, open the editor,
 * then scroll the whole draft and type at its end, counting long tasks in each phase.
 */
export async function editLongDraft(page: Page, streamTimeoutMs: number): Promise<EditorResult> {
  await page.getByLabel("写什么").fill("写一篇十万字的离线 AI 写作长文");
  await page.getByRole("button", { name: "开始写作" }).click();
  await region(page, "素材确认").getByRole("button", { name: "确认素材，开始规划大纲" }).click({ timeout: STEP_TIMEOUT_MS });
  await region(page, "大纲确认").getByRole("button", { name: "确认大纲，开始写作" }).click({ timeout: STEP_TIMEOUT_MS });
  await region(page, "确认初稿").waitFor({ state: "visible", timeout: streamTimeoutMs });
  // Let the stream's last renders settle before the editor is opened.
  await page.waitForTimeout(1000);

  const openFrom = await pageNow(page);
  await page.getByRole("tab", { name: "编辑" }).click();
  const content = page.getByRole("textbox", { name: "Markdown 编辑器" });
  await content.waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
  const openMs = (await pageNow(page)) - openFrom;
  // The first lint of the whole draft runs in the worker; give it time before the measured phases.
  await page.waitForTimeout(1500);
  const chars = await page.evaluate(() => document.querySelector('[data-testid="editor-counts"]')?.textContent ?? "");

  // A trace with only top-level tasks and the marks: cheap enough not to change what it measures.
  const browser = page.context().browser();
  if (!browser) throw new Error("the page has no browser to trace");
  await browser.startTracing(page, { categories: ["toplevel", "blink.user_timing"] });
  const scroller = page.locator(".cm-scroller");
  const box = await scroller.boundingBox();
  if (!box) throw new Error("the editor has no scroller on screen");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await mark(page, "bench:scroll");
  const scrollFrom = await pageNow(page);
  for (let i = 0; i < 60; i++) {
    await page.mouse.wheel(0, 2400);
    await page.waitForTimeout(16);
  }
  for (let i = 0; i < 60; i++) {
    await page.mouse.wheel(0, -2400);
    await page.waitForTimeout(16);
  }
  const scrollTo = await pageNow(page);
  await mark(page, "bench:scrollEnd");

  await content.click();
  await page.keyboard.press("Control+End");
  await mark(page, "bench:type");
  const typeFrom = await pageNow(page);
  await page.keyboard.type("离线写作让资料留在内网，检索增强让内容有据可查。".repeat(8), { delay: 15 });
  // Counts and lint follow the last keystroke after their debounce: include them.
  await page.waitForTimeout(1200);
  const typeTo = await pageNow(page);
  await mark(page, "bench:typeEnd");
  const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
  await page.waitForTimeout(REPORT_LAG_MS);
  const snap = await snapshot(page);
  const scroll = longTasksBetween(snap.longTasks, scrollFrom, scrollTo);
  const typing = longTasksBetween(snap.longTasks, typeFrom, typeTo);
  return {
    chars: Number(/^(\d+)/.exec(chars)?.[1] ?? 0),
    openMs,
    scrollLongTasks: scroll.count,
    scrollMaxMs: scroll.maxMs,
    typeLongTasks: typing.count,
    typeMaxMs: typing.maxMs,
    scrollCpu: cpuTaskFigures(trace.traceEvents, "bench:scroll", "bench:scrollEnd"),
    typeCpu: cpuTaskFigures(trace.traceEvents, "bench:type", "bench:typeEnd"),
  };
}
