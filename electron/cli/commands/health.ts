import type { CommandGroup } from "../../../shared/cli/CliContext.js";
import { printResult, usageError } from "../../../shared/cli/CliContext.js";

/** `health`: engine version, SQLite version and the loaded model. */
export const healthCommand: CommandGroup = async (ctx) => {
  if (ctx.args.length > 0) throw usageError("usage: health");
  const health = await (await ctx.api()).call("health", {});
  printResult(ctx, health, () => {
    ctx.out(`ok  scriptorium ${health.version}  sqlite ${health.sqliteVersion}  up ${health.uptimeS.toFixed(0)} s`);
    ctx.out(health.model ? `model: ${health.model.model} (${health.model.backend}, ${health.model.threads ?? "?"} threads)` : "model: none loaded");
  });
  return 0;
};
