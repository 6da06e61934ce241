import type { EventOf } from "../../shared/events.js";
import type { TaskProgress } from "./TaskProgress.js";

/**
 * Folds one `progress` event into the task's state, estimating speed with a smoothed rate
 * (the events carry counts, not rates). `now` is the client clock in ms.
 */
export function trackProgress(previous: TaskProgress | undefined, event: EventOf<"progress">, now: number): TaskProgress {
  let speed = previous?.speed ?? null;
  if (previous && now > previous.updatedAt && event.done >= previous.done) {
    const instant = ((event.done - previous.done) * 1000) / (now - previous.updatedAt);
    speed = speed === null ? instant : speed * 0.7 + instant * 0.3;
  }
  const finished = event.total !== null && event.done >= event.total;
  return {
    task: event.task,
    done: event.done,
    total: event.total,
    message: event.message ?? null,
    speed,
    updatedAt: now,
    finished,
    ...(event.report ? { report: event.report } : {}),
  };
}

/** Seconds left at the current speed, or null when unknown. */
export function etaSeconds(progress: TaskProgress): number | null {
  if (progress.total === null || !progress.speed || progress.speed <= 0) return null;
  return Math.max(0, (progress.total - progress.done) / progress.speed);
}
