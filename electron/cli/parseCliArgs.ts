import { parseArgs } from "node:util";
import type { CliFlags } from "../../shared/cli/CliContext.js";
import { usageError } from "../../shared/cli/CliContext.js";

export interface ParsedCli {
  positionals: string[];
  flags: CliFlags;
  help: boolean;
}

/**
 * Parse argv with node:util parseArgs (strict: an unknown flag is a usage error). `--json` is a
 * boolean everywhere except `article resume <id> <action> --json '<payload>'`; a `--json`
 * followed by a JSON object is therefore read as that payload.
 */
export function parseCliArgs(argv: string[]): ParsedCli {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    if (arg === "--json" && next !== undefined && next.trimStart().startsWith("{")) {
      args.push("--payload", next);
      i++;
    } else args.push(arg);
  }
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        "data-dir": { type: "string" },
        model: { type: "string" },
        json: { type: "boolean" },
        type: { type: "string" },
        audience: { type: "string" },
        words: { type: "string" },
        locale: { type: "string" },
        format: { type: "string" },
        out: { type: "string" },
        fix: { type: "boolean" },
        collection: { type: "string" },
        limit: { type: "string" },
        payload: { type: "string" },
        embedding: { type: "boolean" },
        version: { type: "string" },
        mode: { type: "string" },
        topic: { type: "string" },
        source: { type: "string" },
        "text-file": { type: "string" },
        "max-tokens": { type: "string" },
        rules: { type: "string" },
        guide: { type: "string" },
        name: { type: "string" },
        report: { type: "string" },
        wait: { type: "boolean" },
        intent: { type: "string" },
        selected: { type: "string" },
        claims: { type: "string" },
        judge: { type: "string" },
        watch: { type: "string" },
        // issue 30: refs format --style, paper import-zotero --url.
        style: { type: "string" },
        url: { type: "string" },
        from: { type: "string" },
        // The session's own model and 思考 (run.start's model_name / thinking).
        "model-name": { type: "string" },
        thinking: { type: "string" },
        // A team library on object storage for this run: ingest (as its writer) and search.
        library: { type: "string" },
        "with-secrets": { type: "boolean" },
        template: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw usageError((error as Error).message.split("\n")[0] ?? "bad arguments");
  }
  const v = parsed.values;
  const flags: CliFlags = {
    dataDir: v["data-dir"] ?? null,
    modelPath: v.model ?? null,
    json: v.json === true,
    fix: v.fix === true,
    embedding: v.embedding === true,
    wait: v.wait === true,
  };
  for (const key of ["type", "audience", "words", "locale", "format", "out", "collection", "limit", "payload", "version", "mode", "topic", "source", "rules", "guide", "name", "report", "intent", "selected", "claims", "judge", "watch", "style", "url", "from", "library", "template"] as const) {
    const value = v[key];
    if (value !== undefined) flags[key] = value;
  }
  if (v["text-file"] !== undefined) flags.textFile = v["text-file"];
  if (v["max-tokens"] !== undefined) flags.maxTokens = v["max-tokens"];
  if (v["model-name"] !== undefined) flags.modelName = v["model-name"];
  if (v.thinking !== undefined) flags.thinking = v.thinking;
  if (v["with-secrets"] === true) flags.withSecrets = true;
  return { positionals: parsed.positionals, flags, help: v.help === true };
}
