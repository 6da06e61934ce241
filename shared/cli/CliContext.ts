import type { ScriptoriumApi } from "../api.js";
import { ScriptoriumError } from "../errors.js";
import type { CliFlags, FlagSpec } from "./cliFlags.js";

export type { CliFlags, FlagSpec, GlobalFlags } from "./cliFlags.js";
export { defineFlags } from "./cliFlags.js";

/** An engine the CLI opened and must dispose before exiting. */
export interface DisposableApi extends ScriptoriumApi {
  dispose(): Promise<void>;
}

/** What a command group receives; `F` is the command's own flag spec. */
export interface CliContext<F extends FlagSpec = {}> {
  /** Positionals after the group name (`article resume s1 confirm` → `["resume","s1","confirm"]`). */
  args: string[];
  flags: CliFlags<F>;
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
export type CommandGroup<F extends FlagSpec = {}> = (ctx: CliContext<F>) => Promise<ExitCode>;

/**
 * A command group as the CLI composes it: its flags (besides the global ones; an undeclared flag is
 * a usage error), its help lines and what it does. Core commands and each workflow's `cli` use it.
 */
export interface CliCommand<F extends FlagSpec = FlagSpec> {
  flags?: F;
  usage: readonly string[];
  run(ctx: CliContext<F>): Promise<ExitCode>;
}

/** Declares a command with its flag types inferred from `flags`. */
export function defineCliCommand<const F extends FlagSpec = {}>(command: CliCommand<F>): CliCommand<F> {
  return command;
}

/** A usage mistake: printed as one line, exit code 2. */
export function usageError(message: string): ScriptoriumError {
  return new ScriptoriumError("bad_request", message, { usage: true });
}

export function isUsageError(error: unknown): boolean {
  return error instanceof ScriptoriumError && (error.details as { usage?: boolean } | undefined)?.usage === true;
}

/** Print a value: pretty JSON with `--json`, else through `human`. */
export function printResult(ctx: CliContext, value: unknown, human: () => void): void {
  if (ctx.flags.json) printJson(ctx, value);
  else human();
}

/** A JSON result: pretty with `--json`; one line with `--events`, so stdout stays one JSON object a line. */
export function printJson(ctx: CliContext, value: unknown): void {
  ctx.out(ctx.flags.events ? JSON.stringify(value) : JSON.stringify(value, null, 2));
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
