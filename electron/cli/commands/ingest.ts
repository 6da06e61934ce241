import path from "node:path";
import { COLLECTIONS } from "../../../shared/knowledge.js";
import type { Collection } from "../../../shared/knowledge.js";
import type { CommandGroup } from "../../../shared/cli/CliContext.js";
import { usageError } from "../../../shared/cli/CliContext.js";
import { systemStreamCursor, waitForTask } from "../../../shared/cli/waitForTask.js";

/** `ingest <paths…> [--collection library|papers|code]`: add files or folders to the knowledge base. */
export const ingestCommand: CommandGroup = async (ctx) => {
  if (ctx.args.length === 0) throw usageError("usage: ingest <paths…> [--collection library|papers|code]");
  const collection = parseCollection(ctx.flags.collection);
  const api = await ctx.api();
  const cursor = await systemStreamCursor(api);
  const { taskId } = await api.call("knowledge.ingest", { paths: ctx.args.map((p) => path.resolve(p)), collection });
  if (!ctx.flags.json) ctx.out(`ingesting ${ctx.args.length} path(s) into ${collection} (${taskId})`);
  return (await waitForTask(ctx, api, taskId, cursor)) ? 0 : 1;
};

export function parseCollection(value: string | undefined): Collection {
  if (value === undefined) return "library";
  if (!(COLLECTIONS as readonly string[]).includes(value)) throw usageError(`--collection must be one of ${COLLECTIONS.join(", ")}`);
  return value as Collection;
}
