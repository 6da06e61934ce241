import type { CommandGroup } from "../../../shared/cli/CliContext.js";
import { expectArgs, printResult, usageError } from "../../../shared/cli/CliContext.js";
import { printSessions } from "../../../shared/cli/printSessions.js";

/** `sessions list`: every session of every workflow, newest first as the engine returns them. */
export const sessionsCommand: CommandGroup = async (ctx) => {
  if (ctx.args[0] !== "list") throw usageError("usage: sessions list");
  expectArgs(ctx, 0, "sessions list");
  const result = await (await ctx.api()).call("sessions.list", {});
  printResult(ctx, result, () => printSessions(ctx, result.sessions));
  return 0;
};

