/** One complete event of a Chromium trace (`ph: "X"`), the fields read here. */
export interface TraceEvent {
  name: string;
  ph: string;
  cat?: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall duration, µs. */
  dur?: number;
  /** Thread (CPU) duration, µs. */
  tdur?: number;
  args?: { name?: string };
}

/** Tasks of the page's main thread between two `performance.mark`s, by wall and by CPU time. */
export interface CpuTaskFigures {
  /** Tasks longer than the threshold on the wall clock (what PerformanceObserver calls long tasks). */
  wallLongTasks: number;
  /** Tasks that used more than the threshold of main-thread CPU: the ones the page itself made long. */
  cpuLongTasks: number;
  maxCpuMs: number;
  /** Main-thread CPU of all tasks in the window. */
  cpuMs: number;
}

const TASKS = new Set(["ThreadControllerImpl::RunTask", "RunTask"]);

/**
 * Main-thread tasks of the renderer between marks `from` and `to` (marks recorded with the
 * `blink.user_timing` category). On a loaded machine a task's wall time includes the time the
 * thread waited for a core; its thread time (`tdur`) does not, so `cpuLongTasks` separates long
 * tasks the page causes from those the machine's load makes. Nested RunTasks count once (outermost).
 */
export function cpuTaskFigures(events: readonly TraceEvent[], from: string, to: string, thresholdMs = 50): CpuTaskFigures {
  const marks = new Map<string, TraceEvent>();
  for (const e of events) if (e.cat?.includes("blink.user_timing") && (e.name === from || e.name === to)) marks.set(e.name, e);
  const start = marks.get(from);
  const end = marks.get(to);
  if (!start || !end) throw new Error(`trace lacks the marks ${from} / ${to}`);
  const thread = `${start.pid}:${start.tid}`;
  const tasks = events
    .filter((e) => e.ph === "X" && TASKS.has(e.name) && `${e.pid}:${e.tid}` === thread && e.ts >= start.ts && e.ts <= end.ts && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const outer: TraceEvent[] = [];
  for (const t of tasks) {
    const last = outer.at(-1);
    if (last && t.ts < last.ts + (last.dur ?? 0)) continue;
    outer.push(t);
  }
  const limit = thresholdMs * 1000;
  return {
    wallLongTasks: outer.filter((t) => (t.dur ?? 0) > limit).length,
    cpuLongTasks: outer.filter((t) => (t.tdur ?? 0) > limit).length,
    maxCpuMs: outer.reduce((m, t) => Math.max(m, (t.tdur ?? 0) / 1000), 0),
    cpuMs: outer.reduce((s, t) => s + (t.tdur ?? 0) / 1000, 0),
  };
}
