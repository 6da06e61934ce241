import type { EventStore } from "../storage/EventStore.js";
import { openSteps } from "./openSteps.js";

/**
 * The steps a killed process left open end as `interrupted` before the run continues, so a client
 * replaying the log shows them as cut (the step runs again as a new entry), not as still running.
 */
export function closeInterruptedSteps(events: EventStore, sessionId: string): void {
  for (const open of openSteps(events.list(sessionId))) {
    const durationMs = Math.max(0, Date.now() - Date.parse(open.ts));
    events.append(sessionId, {
      type: "step_done",
      step: open.step,
      agent: open.agent,
      summary: "Interrupted by a restart.",
      durationMs,
      interrupted: true,
    });
  }
}
