import type { ScriptoriumApi } from "../api.js";
import { ScriptoriumError } from "../errors.js";

/** Flags understood by some command; each command rejects the ones it does not use. */
export interface CliFlags {
  dataDir: string | null;
  modelPath: string | null;
  json: boolean;
  type?: string;
  audience?: string;
  words?: string;
  locale?: string;
  format?: string;
  out?: string;
  fix: boolean;
  collection?: string;
  limit?: string;
  payload?: string;
  embedding: boolean;
  version?: string;
  /** docgen: `--mode text|notes|code`, `--topic`, `--source`, `--text-file`, `--rules`, `--report`, `--wait`. */
  mode?: string;
  topic?: string;
  source?: string;
  textFile?: string;
  /** `chat --max-tokens N`: the reply's length cap. */
  maxTokens?: string;
  rules?: string;
  /** docgen: `--guide ID` (a guide of the library), `--name N` (`docgen guides import`). */
  guide?: string;
  name?: string;
  report?: string;
  wait?: boolean;
  /** paper: `--intent`, `--selected`, `--claims`, `--judge`. */
  intent?: string;
  selected?: string;
  claims?: string;
  judge?: string;
  /** ingest: `--watch DIR` binds the folder and follows it until Ctrl-C. */
  watch?: string;
  /** issue 30: `refs format --style gb-t-7714|apa`, `paper import-zotero --url`. */
  style?: string;
  /** `export --template gb-t-9704|default|<reference.docx>`: the DOCX / PDF layout. */
  template?: string;
  url?: string;
  /** `article export --from N`: tracked changes from version N to `--version` (default: the latest). */
  from?: string;
  /** `article start` / `chat`: the session's own model (run.start's `model_name`). */
  modelName?: string;
  /** `article start` / `chat`: the session's 思考, off | budget | unlimited. */
  thinking?: string;
  /** `ingest|search --library s3://bucket/prefix`: the collection's team library for this run. */
  library?: string;
  /** `backup --with-secrets`: include secrets.json. */
  withSecrets?: boolean;
}

/** An engine the CLI opened and must dispose before exiting. */
export interface DisposableApi extends ScriptoriumApi {
  dispose(): Promise<void>;
}

/** What a command group receives. */
export interface CliContext {
  /** Positionals after the group name (`article resume s1 confirm` → `["resume","s1","confirm"]`). */
  args: string[];
  flags: CliFlags;
  /** The engine, opened on first use (so `lint` never loads SQLite or a model). */
  api(): Promise<ScriptoriumApi>;
  /** Print one line on stdout. */
  out(line: string): void;
  /** Write raw text on stdout (streamed tokens, exported documents). */
  write(text: string | Uint8Array): void;
  /** Print one line on stderr. */
  err(line: string): void;
}

/** Exit codes: 0 success, 1 failure (engine error, lint violations), 2 usage. */
export type ExitCode = 0 | 1 | 2;
export type CommandGroup = (ctx: CliContext) => Promise<ExitCode>;

/** A usage mistake: printed as one line, exit code 2. */
export function usageError(message: string): ScriptoriumError {
  return new ScriptoriumError("bad_request", message, { usage: true });
}

export function isUsageError(error: unknown): boolean {
  return error instanceof ScriptoriumError && (error.details as { usage?: boolean } | undefined)?.usage === true;
}

/** Print a value: pretty JSON with `--json`, else through `human`. */
export function printResult(ctx: CliContext, value: unknown, human: () => void): void {
  if (ctx.flags.json) ctx.out(JSON.stringify(value, null, 2));
  else human();
}

/** Require exactly the positionals a subcommand takes. */
export function expectArgs(ctx: CliContext, count: number, usage: string): string[] {
  const rest = ctx.args.slice(1);
  if (rest.length !== count) throw usageError(`usage: ${usage}`);
  return rest;
}

/** Parse a positive integer flag. */
export function intFlag(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw usageError(`--${name} must be an integer ${min}–${max}, got "${value}"`);
  return Number(value);
}
