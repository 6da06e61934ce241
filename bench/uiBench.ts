import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./lib/sideBySide.js";
import type { BenchContext, GroupResult } from "./lib/types.js";
import { emptyResult, unavailable } from "./lib/types.js";
import { CHROMIUM, startBenchStudio } from "./lib/ui/benchStudio.js";
import { rendererBundle } from "./lib/ui/rendererBundle.js";
import { StreamingDraftLlm } from "./lib/ui/StreamingDraftLlm.js";
import { streamDraft, timeToInteractive, type StreamResult } from "./lib/ui/studioFlow.js";

const METRICS = ["ui.time_to_interactive_ms", "ui.long_tasks_over_50ms", "ui.max_long_task_ms"];
const DRAFT_CHARS = 20_000;
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * The studio in Debian's Chromium, served by the real engine and HTTP server:
 * - `ui.time_to_interactive_ms`: navigation start → intent input usable and 500 ms free of long
 *   tasks; median of 3 (quick) or 7 (full) cold page loads, each in a fresh browser context.
 * - `ui.long_tasks_over_50ms`, `ui.max_long_task_ms`: long tasks while a 20 000-character Chinese
 *   draft streams in as `draft_chunk` events (4 concurrent sections, 10-character chunks, 40 chunks
 *   per second each); one stream (quick) or the median of 3 (full).
 */
export async function uiBench(ctx: BenchContext): Promise<GroupResult> {
  if (!fs.existsSync(CHROMIUM)) return unavailable(METRICS, `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const result = emptyResult();
  const bundle = await rendererBundle(ROOT, ctx.tmpDir);
  result.notes.push(bundle.origin === "dist" ? "renderer: dist/renderer (up to date)" : "renderer: fresh vite build (dist/renderer missing or stale)");
  const llm = new StreamingDraftLlm({ totalChars: DRAFT_CHARS, sections: 4, chunkChars: 10, chunksPerSecond: 40 });
  const studio = await startBenchStudio({ staticDir: bundle.dir, dataDir: path.join(ctx.tmpDir, "ui-data"), llm });
  try {
    const loads = ctx.quick ? 3 : 7;
    // Load -1 is not counted: the server's first static reads and Chromium's process warm-up
    // belong to no page load a user repeats.
    const samples: number[] = [];
    for (let i = -1; i < loads; i++) {
      const page = await studio.newPage();
      try {
        const tti = await timeToInteractive(page, studio.appUrl);
        if (i >= 0) samples.push(tti);
      } finally {
        await page.context().close();
      }
    }
    result.metrics["ui.time_to_interactive_ms"] = median(samples);
    ctx.log(`time to interactive: ${samples.map((s) => s.toFixed(0)).join(", ")} ms`);
    result.notes.push(`time to interactive: median of ${loads} cold loads (${samples.map((s) => s.toFixed(0)).join(", ")} ms)`);

    const streams: StreamResult[] = [];
    for (let i = 0; i < (ctx.quick ? 1 : 3); i++) {
      const page = await studio.newPage();
      try {
        await timeToInteractive(page, studio.appUrl);
        const run = await streamDraft(page, llm.streamSeconds * 1000 * 4 + 30_000);
        streams.push(run);
        ctx.log(`stream ${i + 1}: ${run.longTasks} long tasks, longest ${run.maxLongTaskMs.toFixed(0)} ms, ${run.renderedChars} chars in ${(run.streamMs / 1000).toFixed(1)} s`);
      } finally {
        await page.context().close();
      }
    }
    const shortest = Math.min(...streams.map((s) => s.renderedChars));
    if (shortest < DRAFT_CHARS * 0.8) {
      // A draft that never reached the page would make "no long tasks" meaningless. (Rendered text
      // is a little shorter than the markdown: no `**`, list markers or raw citation brackets.)
      for (const name of METRICS.slice(1)) {
        result.metrics[name] = null;
        result.reasons[name] = `the draft pane showed only ${shortest} of ${DRAFT_CHARS} characters`;
      }
    } else {
      result.metrics["ui.long_tasks_over_50ms"] = median(streams.map((s) => s.longTasks));
      result.metrics["ui.max_long_task_ms"] = median(streams.map((s) => s.maxLongTaskMs));
    }
    result.notes.push(
      `draft stream: ${DRAFT_CHARS} chars, 4 sections × ${llm.chunksPerSecond} chunks/s × ${llm.chunkChars} chars; ` +
        streams.map((s) => `${(s.streamMs / 1000).toFixed(1)} s, ${s.longTasks} long tasks (${s.halves[0]} + ${s.halves[1]} by half) blocking ${s.blockingMs.toFixed(0)} ms (${s.pageLongTasks} over the page's life)`).join("; "),
    );
  } finally {
    await studio.close();
  }
  return result;
}
