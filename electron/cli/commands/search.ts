import type { CommandGroup } from "../../../shared/cli/CliContext.js";
import { defineFlags, intFlag, printResult, usageError } from "../../../shared/cli/CliContext.js";
import { parseCollection } from "./ingest.js";

/** Flags of `search` besides the global ones. */
export const SEARCH_FLAGS = defineFlags({ limit: "string", collection: "string", library: "string" });

/** `search "<query>" [--json] [--limit N] [--collection C]`: hybrid search of the local knowledge base. */
export const searchCommand: CommandGroup<typeof SEARCH_FLAGS> = async (ctx) => {
  if (ctx.args.length !== 1) throw usageError('usage: search "<query>" [--json] [--limit N] [--collection library|papers|code]');
  const limit = intFlag("limit", ctx.flags.limit, 1, 100) ?? 10;
  const result = await (await ctx.api()).call("knowledge.search", { query: ctx.args[0] as string, limit, collection: parseCollection(ctx.flags.collection) });
  printResult(ctx, result, () => {
    if (result.materials.length === 0) ctx.out("(no results)");
    for (const m of result.materials) {
      ctx.out(`[${m.id}] ${m.relevance_score.toFixed(3)}  ${m.title}  — ${m.source}`);
      ctx.out(`    ${m.content.replace(/\s+/g, " ").slice(0, 160)}`);
    }
  });
  return 0;
};
