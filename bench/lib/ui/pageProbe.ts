import type { Page } from "playwright-core";

/** A long task as the page's PerformanceObserver saw it (times in ms since navigation start). */
export interface LongTask {
  start: number;
  duration: number;
}

/** What the probe has collected so far. */
export interface ProbeSnapshot {
  /** performance.now() when the snapshot was taken. */
  now: number;
  /** First frame at which the intent form's input was enabled and on top (not under a dialog); null before. */
  readyAt: number | null;
  longTasks: LongTask[];
  /** False when this Chromium does not report `longtask` entries (the metrics would read as zero). */
  supported: boolean;
}

/**
 * Runs in the page before any of its scripts (page.addInitScript), so no long task of the load is
 * missed. Plain JavaScript in a string: a transpiled function can carry helpers (esbuild's
 * `__name`) that do not exist in the page.
 */
const PROBE_SCRIPT = `(() => {
  const state = { readyAt: null, longTasks: [], observer: null,
    supported: PerformanceObserver.supportedEntryTypes.includes("longtask") };
  window.__uiBench = state;
  if (state.supported) {
    state.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
    });
    state.observer.observe({ type: "longtask", buffered: true });
  }
  // Polled once per frame rather than from a MutationObserver: the check forces layout, and doing
  // that inside every React commit would itself lengthen the tasks being measured.
  const check = () => {
    const input = document.querySelector("main form textarea");
    if (input && !input.disabled) {
      const box = input.getBoundingClientRect();
      const hit = box.width > 0 && box.height > 0 ? document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) : null;
      if (hit && (hit === input || input.contains(hit))) { state.readyAt = performance.now(); return; }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** Snapshot code: flushes entries the observer has queued but not yet delivered. */
const SNAPSHOT_SCRIPT = `(() => {
  const state = window.__uiBench;
  if (!state) return { now: performance.now(), readyAt: null, longTasks: [], supported: false };
  for (const e of state.observer ? state.observer.takeRecords() : []) state.longTasks.push({ start: e.startTime, duration: e.duration });
  return { now: performance.now(), readyAt: state.readyAt, longTasks: state.longTasks.slice(), supported: state.supported };
})()`;

/** Install the probe on every page the context opens from now on. */
export async function addProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: PROBE_SCRIPT });
}

/** The probe's data so far, pending observer entries included. */
export async function snapshot(page: Page): Promise<ProbeSnapshot> {
  return (await page.evaluate(SNAPSHOT_SCRIPT)) as ProbeSnapshot;
}

/** performance.now() in the page (ms since its navigation start). */
export async function pageNow(page: Page): Promise<number> {
  return (await page.evaluate("performance.now()")) as number;
}
