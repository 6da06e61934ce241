import { COLLECTIONS, RunScopeSchema, type Collection, type RunScope } from "../knowledge.js";
import { usageError, type CliContext } from "./CliContext.js";
import { defineFlags } from "./cliFlags.js";

/** The flags a command that starts a run takes to scope its searches (comma-separated lists). */
export const SCOPE_FLAGS = defineFlags({ collections: "string", folders: "string", papers: "string" });

const list = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * `--collections library,code --folders /a,/b --papers p1,p2` as a run's `scope` (absent: the run
 * is not scoped). A folder is made absolute against `cwd`, since the engine may run elsewhere.
 */
export function scopeFlags(ctx: Pick<CliContext<typeof SCOPE_FLAGS>, "flags">, resolve: (folder: string) => string = (folder) => folder): { scope?: RunScope } {
  const collections = list(ctx.flags.collections);
  const folders = list(ctx.flags.folders).map(resolve);
  const papers = list(ctx.flags.papers);
  if (collections.length + folders.length + papers.length === 0) {
    if (ctx.flags.collections !== undefined || ctx.flags.folders !== undefined || ctx.flags.papers !== undefined) throw usageError("--collections, --folders and --papers need at least one value");
    return {};
  }
  const unknown = collections.filter((c) => !(COLLECTIONS as readonly string[]).includes(c));
  if (unknown.length) throw usageError(`--collections: unknown ${unknown.join(", ")} (one of ${COLLECTIONS.join(", ")})`);
  const parsed = RunScopeSchema.safeParse({
    ...(collections.length ? { collections: collections as Collection[] } : {}),
    ...(folders.length ? { folders } : {}),
    ...(papers.length ? { papers } : {}),
  });
  if (!parsed.success) throw usageError(`scope: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`);
  return { scope: parsed.data };
}
