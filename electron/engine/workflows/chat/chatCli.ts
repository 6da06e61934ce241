import type { CommandGroup } from "../../../../shared/cli/CliContext.js";
import { defineFlags, usageError } from "../../../../shared/cli/CliContext.js";
import { outcomeCode, waitForRun } from "../../../../shared/cli/waitForRun.js";
import { sessionLlmFlags } from "../../../../shared/cli/sessionLlmFlags.js";
import { RunProgress } from "../../../../shared/cli/runProgress.js";

/** Flags of this command group besides the global ones. */
export const CHAT_FLAGS = defineFlags({ "max-tokens": "string", "model-name": "string", thinking: "string" });

/** `chat "<prompt>" [--max-tokens N] [--model-name M] [--thinking off|budget|unlimited]`: one prompt through the chat workflow, tokens streamed to stdout. */
export const chatCommand: CommandGroup<typeof CHAT_FLAGS> = async (ctx) => {
  if (ctx.args.length !== 1) throw usageError('usage: chat "<prompt>" [--max-tokens N]');
  const maxTokens = ctx.flags.maxTokens === undefined ? undefined : Number(ctx.flags.maxTokens);
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens >= 1)) throw usageError(`--max-tokens must be a positive integer, got "${ctx.flags.maxTokens}"`);
  new RunProgress(ctx).started("chat");
  const api = await ctx.api();
  const { sessionId } = await api.call("run.start", { workflow: "chat", input: { prompt: ctx.args[0] ?? "", ...(maxTokens ? { maxTokens } : {}) }, ...sessionLlmFlags(ctx) });
  return outcomeCode(await waitForRun(ctx, api, sessionId, 0));
};
