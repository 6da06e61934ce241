import type { SessionSummary } from "../../../shared/api.js";
import type { CliContext, CommandGroup } from "../CliContext.js";
import { expectArgs, printResult, usageError } from "../CliContext.js";

/** `sessions list`: every session of every workflow, newest first as the engine returns them. */
export const sessionsCommand: CommandGroup = async (ctx) => {
  if (ctx.args[0] !== "list") throw usageError("usage: sessions list");
  expectArgs(ctx, 0, "sessions list");
  const result = await (await ctx.api()).call("sessions.list", {});
  printResult(ctx, result, () => printSessions(ctx, result.sessions));
  return 0;
};

export function printSessions(ctx: CliContext, sessions: SessionSummary[]): void {
  if (sessions.length === 0) ctx.out("(no sessions)");
  for (const s of sessions) {
    const pause = s.pausePoint ? ` @${s.pausePoint}` : "";
    ctx.out(`${s.id}  ${s.workflow.padEnd(7)}  ${(s.status + pause).padEnd(26)}  ${s.updatedAt}  ${s.title}`);
  }
}
