import type { CommandGroup } from "../../../../shared/cli/CliContext.js";
import { usageError } from "../../../../shared/cli/CliContext.js";
import { outcomeCode, waitForRun } from "../../../../shared/cli/waitForRun.js";

/** `chat "<prompt>"`: one prompt through the chat workflow, tokens streamed to stdout. */
export const chatCommand: CommandGroup = async (ctx) => {
  if (ctx.args.length !== 1) throw usageError('usage: chat "<prompt>"');
  const api = await ctx.api();
  const { sessionId } = await api.call("run.start", { workflow: "chat", input: { prompt: ctx.args[0] ?? "" } });
  return outcomeCode(await waitForRun(ctx, api, sessionId, 0));
};
