import type { EngineEvent } from "../../../shared/events.js";

type StepStart = Extract<EngineEvent, { type: "step_start" }>;

/**
 * The `step_start`s of a log with no `step_done` after them, oldest first. A `step_done` closes the
 * latest open start of its step (steps repeat across rounds); an `error` or `done` closes them all,
 * as the UI reads it.
 */
export function openSteps(events: readonly EngineEvent[]): StepStart[] {
  let open: StepStart[] = [];
  for (const event of events) {
    if (event.type === "step_start") open.push(event);
    else if (event.type === "step_done") {
      const index = open.findLastIndex((start) => start.step === event.step);
      if (index >= 0) open.splice(index, 1);
    } else if (event.type === "error" || event.type === "done") open = [];
  }
  return open;
}
