import { parseArgs } from "node:util";
import type { CliFlags, FlagKind } from "../../shared/cli/cliFlags.js";
import { camelFlag } from "../../shared/cli/cliFlags.js";
import { usageError } from "../../shared/cli/CliContext.js";

export interface ParsedCli {
  positionals: string[];
  /** Global flags, plus every other flag given, camel-cased (`--text-file` → `textFile`). */
  flags: CliFlags & Record<string, string | boolean | null | undefined>;
  /** The command-line names of the flags given (the command checks they are its own). */
  given: string[];
  help: boolean;
}

/**
 * Parse argv with node:util parseArgs against the composed flag table (strict: an unknown flag is
 * a usage error). `--json` is a boolean everywhere except `… resume <id> <action> --json '<payload>'`;
 * a `--json` followed by a JSON object is therefore read as that payload.
 */
export function parseCliArgs(argv: string[], spec: Readonly<Record<string, FlagKind>>): ParsedCli {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    if (arg === "--json" && next !== undefined && next.trimStart().startsWith("{")) {
      args.push("--payload", next);
      i++;
    } else args.push(arg);
  }
  const options = Object.fromEntries(Object.entries(spec).map(([name, type]) => [name, name === "help" ? { type, short: "h" } : { type }]));
  let parsed;
  try {
    parsed = parseArgs({ args, strict: true, allowPositionals: true, options });
  } catch (error) {
    throw usageError((error as Error).message.split("\n")[0] ?? "bad arguments");
  }
  const v = parsed.values as Record<string, string | boolean | undefined>;
  const flags: ParsedCli["flags"] = { dataDir: (v["data-dir"] as string | undefined) ?? null, modelPath: (v.model as string | undefined) ?? null, json: v.json === true || v.events === true };
  for (const [name, value] of Object.entries(v)) {
    if (value === undefined || name === "data-dir" || name === "model" || name === "json" || name === "help") continue;
    flags[camelFlag(name)] = value;
  }
  return { positionals: parsed.positionals, flags, given: Object.keys(v), help: v.help === true };
}
