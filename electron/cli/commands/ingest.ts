import path from "node:path";
import { COLLECTIONS, type Collection } from "../../../shared/knowledge.js";
import { SYSTEM_STREAM } from "../../../shared/events.js";
import type { CliContext, CommandGroup, ExitCode } from "../../../shared/cli/CliContext.js";
import { defineFlags, usageError } from "../../../shared/cli/CliContext.js";
import { systemStreamCursor, waitForTask } from "../../../shared/cli/waitForTask.js";

/** Flags of `ingest` besides the global ones. */
export const INGEST_FLAGS = defineFlags({ collection: "string", watch: "string", library: "string" });

/**
 * `ingest <paths…> [--collection library|papers|code]`: add files or folders to the knowledge base.
 * `ingest --watch DIR`: bind the folder (import it, then follow its changes) until Ctrl-C; the
 * binding stays, so the app keeps following the folder after this command ends.
 */
export const ingestCommand: CommandGroup<typeof INGEST_FLAGS> = async (ctx) => {
  const collection = parseCollection(ctx.flags.collection);
  if (ctx.flags.watch !== undefined) {
    if (ctx.args.length > 0) throw usageError("usage: ingest --watch <dir> [--collection C] (no other paths)");
    return watchFolder(ctx, path.resolve(ctx.flags.watch), collection);
  }
  if (ctx.args.length === 0) throw usageError("usage: ingest <paths…> [--collection library|papers|code] | ingest --watch <dir>");
  const api = await ctx.api();
  const cursor = await systemStreamCursor(api);
  const { taskId } = await api.call("knowledge.ingest", { paths: ctx.args.map((p) => path.resolve(p)), collection });
  if (!ctx.flags.json) ctx.out(`ingesting ${ctx.args.length} path(s) into ${collection} (${taskId})`);
  return (await waitForTask(ctx, api, taskId, cursor, { waitForReport: true })) ? 0 : 1;
};

async function watchFolder(ctx: CliContext, dir: string, collection: Collection): Promise<ExitCode> {
  const api = await ctx.api();
  const cursor = await systemStreamCursor(api);
  // Already bound (by an earlier run or the app): resume it rather than refuse.
  const { folders } = await api.call("knowledge.folders", {});
  const existing = folders.find((f) => f.collection === collection && (f.path === dir || path.relative(f.path, dir) === ""));
  const { binding, taskId } = existing
    ? existing.paused
      ? await api.call("knowledge.resumeFolder", { bindingId: existing.id })
      : { binding: existing, taskId: null }
    : await api.call("knowledge.bindFolder", { path: dir, collection });
  if (!ctx.flags.json) ctx.out(`watching ${binding.path} → ${collection} (${binding.id}); Ctrl-C stops watching, the binding stays`);
  if (taskId && !(await waitForTask(ctx, api, taskId, cursor))) return 1;
  // Follow the folder's later syncs until interrupted.
  const unsubscribe = api.subscribe(SYSTEM_STREAM, cursor, (event) => {
    if (event.type !== "progress" || !event.task.startsWith("folder-sync") || event.total === null || event.done < event.total) return;
    ctx.out(ctx.flags.json ? JSON.stringify(event) : `${event.task}: ${event.message ?? "synced"}`);
  });
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  unsubscribe();
  return 0;
}

export function parseCollection(value: string | undefined): Collection {
  if (value === undefined) return "library";
  if (!(COLLECTIONS as readonly string[]).includes(value)) throw usageError(`--collection must be one of ${COLLECTIONS.join(", ")}`);
  return value as Collection;
}
