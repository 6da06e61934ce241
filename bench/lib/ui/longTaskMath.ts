import type { LongTask } from "./pageProbe.js";

/**
 * Time to interactive in the sense of Lighthouse: the start of the first window of `quietMs` with no
 * long task, at or after `readyAt`. A long task that overlaps the candidate window pushes the
 * candidate to its end.
 */
export function quietWindowStart(readyAt: number, tasks: readonly LongTask[], quietMs = 500): number {
  let candidate = readyAt;
  for (const task of [...tasks].sort((a, b) => a.start - b.start)) {
    const end = task.start + task.duration;
    if (end <= candidate) continue;
    if (task.start >= candidate + quietMs) break;
    candidate = end;
  }
  return candidate;
}

/** Long tasks over `thresholdMs` that started inside [from, to]: their count, the longest, and the blocking time. */
export function longTasksBetween(
  tasks: readonly LongTask[],
  from: number,
  to: number,
  thresholdMs = 50,
): { count: number; maxMs: number; blockingMs: number } {
  const inside = tasks.filter((t) => t.start >= from && t.start <= to && t.duration > thresholdMs);
  return {
    count: inside.length,
    maxMs: inside.reduce((max, t) => Math.max(max, t.duration), 0),
    // Total blocking time: the part of each long task past the threshold, when input would wait.
    blockingMs: inside.reduce((sum, t) => sum + t.duration - thresholdMs, 0),
  };
}
