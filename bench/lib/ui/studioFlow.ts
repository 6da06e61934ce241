import type { Page } from "playwright-core";
import { ScriptoriumError } from "../../../shared/errors.js";
import { longTasksBetween, quietWindowStart } from "./longTaskMath.js";
import { pageNow, snapshot } from "./pageProbe.js";

const QUIET_MS = 500;
const STEP_TIMEOUT_MS = 30_000;
/** How long Chromium may take to deliver a long-task entry after the task ended (generous). */
const REPORT_LAG_MS = 200;

/**
 * Navigate and wait until the studio is interactive: the intent input enabled and on top, then a
 * 500 ms window free of long tasks. Returns that window's start in ms since navigation start.
 */
export async function timeToInteractive(page: Page, url: string, timeoutMs = STEP_TIMEOUT_MS): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  const deadline = Date.now() + timeoutMs;
  let candidate: number | null = null;
  for (;;) {
    const snap = await snapshot(page);
    if (snap.readyAt !== null) {
      const tti = quietWindowStart(snap.readyAt, snap.longTasks, QUIET_MS);
      // Chromium queues a long-task entry a little after the task ends, so a window that looks
      // quiet is only final when a later snapshot (after REPORT_LAG_MS) still gives the same start.
      if (snap.now >= tti + QUIET_MS) {
        if (candidate === tti) return tti;
        candidate = tti;
        await page.waitForTimeout(REPORT_LAG_MS);
        continue;
      }
    }
    if (Date.now() > deadline) {
      throw new ScriptoriumError("unavailable", `The studio was not interactive ${timeoutMs} ms after navigation (input ready: ${snap.readyAt !== null}).`);
    }
    await page.waitForTimeout(50);
  }
}

/** Long-task figures of one streamed draft. */
export interface StreamResult {
  longTasks: number;
  maxLongTaskMs: number;
  /** Sum over the long tasks of their time past 50 ms. */
  blockingMs: number;
  /** Length of the draft pane's text when the draft pause appeared. */
  renderedChars: number;
  streamMs: number;
  /** Long tasks in the first and the second half of the stream: growth means cost per update rises with the draft. */
  halves: [number, number];
  /** Long tasks over the whole page life (load and pauses included), for the notes. */
  pageLongTasks: number;
}

function region(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

/**
 * On an interactive studio page: start an article, confirm materials and outline, then count the
 * long tasks from the outline confirmation until the draft pause appears (the whole stream).
 */
export async function streamDraft(page: Page, streamTimeoutMs: number): Promise<StreamResult> {
  await page.getByLabel("写什么").fill("写一篇两万字的离线 AI 写作实践长文");
  await page.getByLabel("目标读者").fill("企业技术负责人");
  await page.getByRole("button", { name: "开始写作" }).click();
  await region(page, "素材确认").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
  await region(page, "素材确认").getByRole("button", { name: "确认素材，开始规划大纲" }).click();
  await region(page, "大纲确认").waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
  const from = await pageNow(page);
  await region(page, "大纲确认").getByRole("button", { name: "确认大纲，开始写作" }).click();
  await region(page, "确认初稿").waitFor({ state: "visible", timeout: streamTimeoutMs });
  const to = await pageNow(page);
  // Let the entries of the last tasks arrive; only tasks that started by `to` are counted.
  await page.waitForTimeout(REPORT_LAG_MS);
  const snap = await snapshot(page);
  const inside = longTasksBetween(snap.longTasks, from, to);
  const renderedChars = (await page.getByTestId("markdown-view").first().innerText()).length;
  const mid = (from + to) / 2;
  const halves: [number, number] = [longTasksBetween(snap.longTasks, from, mid).count, longTasksBetween(snap.longTasks, mid, to).count];
  return {
    halves,
    longTasks: inside.count,
    maxLongTaskMs: inside.maxMs,
    blockingMs: inside.blockingMs,
    renderedChars,
    streamMs: to - from,
    pageLongTasks: snap.longTasks.length,
  };
}
