import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBenchStudio, type BenchStudio } from "./benchStudio.js";
import { snapshot } from "./pageProbe.js";
import { rendererBundle } from "./rendererBundle.js";
import { StreamingDraftLlm } from "./StreamingDraftLlm.js";
import { streamDraft, timeToInteractive } from "./studioFlow.js";

/**
 * The bench's browser steps against the real studio (built renderer, real engine and server,
 * Chromium), on a short fast draft: the probe sees the page, the labels it clicks exist, and the
 * streamed draft reaches the draft pane.
 */
describe("UI bench flow in Chromium", () => {
  let scratch: string;
  let studio: BenchStudio;
  const llm = new StreamingDraftLlm({ totalChars: 2000, sections: 4, chunkChars: 20, chunksPerSecond: 100 });

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ui-bench-test-"));
    const bundle = await rendererBundle(fileURLToPath(new URL("../../..", import.meta.url)), scratch);
    studio = await startBenchStudio({ staticDir: bundle.dir, dataDir: path.join(scratch, "data"), llm });
  });

  afterAll(async () => {
    await studio?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("measures time to interactive after the intent input is usable, and records a known long task", async () => {
    const page = await studio.newPage();
    try {
      const tti = await timeToInteractive(page, studio.appUrl);
      const before = await snapshot(page);
      expect(before.supported).toBe(true);
      expect(before.readyAt).not.toBeNull();
      expect(tti).toBeGreaterThanOrEqual(before.readyAt!);
      expect(await page.getByLabel("写什么").isEditable()).toBe(true);

      // A 150 ms busy loop in a page task (a timer: DevTools' own evaluation is not attributed to
      // the page) must come back as one long task of at least that.
      await page.evaluate("setTimeout(() => { const end = performance.now() + 150; while (performance.now() < end); }, 0)");
      // The entry arrives shortly after the task ends: poll for it.
      await expect
        .poll(async () => Math.max(0, ...(await snapshot(page)).longTasks.slice(before.longTasks.length).map((t) => t.duration)), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(150);
    } finally {
      await page.context().close();
    }
  });

  it("streams the whole scripted draft into the draft pane and counts long tasks inside the stream", async () => {
    const page = await studio.newPage();
    try {
      await timeToInteractive(page, studio.appUrl);
      const run = await streamDraft(page, 60_000);
      expect(llm.streamedChars).toBeGreaterThanOrEqual(2000);
      expect(run.renderedChars).toBeGreaterThanOrEqual(1600);
      expect(run.streamMs).toBeGreaterThan(0);
      expect(Number.isInteger(run.longTasks)).toBe(true);
      expect(run.pageLongTasks).toBeGreaterThanOrEqual(run.longTasks);
      // Either nothing blocked, or the longest task is over the 50 ms threshold by definition.
      expect(run.maxLongTaskMs === 0 || run.maxLongTaskMs > 50).toBe(true);
      expect(run.blockingMs).toBeGreaterThanOrEqual(0);
    } finally {
      await page.context().close();
    }
  });
});
