import type { SessionSummary } from "../api.js";
import type { CliContext } from "./CliContext.js";

/** One line per session: id, workflow, status (and pause), last change, title. */
export function printSessions(ctx: CliContext, sessions: SessionSummary[]): void {
  if (sessions.length === 0) ctx.out("(no sessions)");
  for (const s of sessions) {
    const pause = s.pausePoint ? ` @${s.pausePoint}` : "";
    ctx.out(`${s.id}  ${s.workflow.padEnd(7)}  ${(s.status + pause).padEnd(26)}  ${s.updatedAt}  ${s.title}`);
  }
}
