import { toApiError } from "../../shared/errors.js";
import type { CliCommand, CliContext, CliFlags, DisposableApi, ExitCode } from "../../shared/cli/CliContext.js";
import { isUsageError, usageError } from "../../shared/cli/CliContext.js";
import { GLOBAL_FLAGS, mergeFlagSpecs } from "../../shared/cli/cliFlags.js";
import { CORE_COMMANDS } from "./coreCommands.js";
import { parseCliArgs, type ParsedCli } from "./parseCliArgs.js";
import { WORKFLOW_REGISTRY } from "../engine/workflows/registry.js";
import type { WorkflowRegistry } from "../engine/workflows/WorkflowDefinition.js";

/** Core commands, then each workflow's group (its definition's `cli`) under its id. */
function commandsOf(registry: WorkflowRegistry): Record<string, CliCommand<any>> {
  const commands: Record<string, CliCommand<any>> = { ...CORE_COMMANDS };
  for (const [id, definition] of Object.entries(registry)) {
    if (!definition.cli) continue;
    if (commands[id]) throw new Error(`workflow "${id}" names a command the CLI already has`);
    commands[id] = definition.cli;
  }
  return commands;
}

/** The CLI's help text for a registry: core commands, then each workflow's lines. */
export function cliUsage(registry: WorkflowRegistry = WORKFLOW_REGISTRY): string {
  const lines = Object.values(commandsOf(registry)).flatMap((command) => command.usage);
  return (
    `usage: npm run cli -- <command> [--data-dir DIR] [--model file.gguf] [--json [--events]]\n` +
    `  --json     machine-readable output; a long run (article start|resume, docgen review|start --wait, paper ask|deep-read)\n` +
    `             also writes its progress events to stderr, one JSON object a line, the first at once\n` +
    `  --events   those progress events on stdout instead, before the result (its last line); implies --json\n` +
    `commands:\n${lines.map((l) => `  ${l}`).join("\n")}`
  );
}

export interface CliIo {
  stdout: { write(chunk: string | Uint8Array): unknown };
  stderr: { write(chunk: string | Uint8Array): unknown };
}

/** Opens the engine for the global flags; injected so tests can serve a fake. */
/** Opens the engine for a command: the global flags, plus the command's own (`--library` picks a team library). */
export type OpenApi = (flags: ParsedCli["flags"], command?: string) => Promise<DisposableApi>;

/**
 * Run one CLI invocation and return its exit code: 0 ok, 1 failure, 2 usage. Errors become one
 * line on stderr; the engine, if opened, is always disposed.
 */
export async function runCli(argv: string[], io: CliIo, openApi: OpenApi, registry: WorkflowRegistry = WORKFLOW_REGISTRY): Promise<ExitCode> {
  let opened: DisposableApi | null = null;
  try {
    const commands = commandsOf(registry);
    const spec = mergeFlagSpecs(Object.entries(commands).map(([owner, command]) => ({ owner, flags: command.flags ?? {} })));
    const parsed = parseCliArgs(argv, spec);
    const [group, ...args] = parsed.positionals;
    if (parsed.help || group === undefined) {
      (group === undefined && !parsed.help ? io.stderr : io.stdout).write(`${cliUsage(registry)}\n`);
      return parsed.help ? 0 : 2;
    }
    const command = commands[group];
    if (!command) throw usageError(`unknown command "${group}" (see --help)`);
    const foreign = parsed.given.find((name) => !(name in GLOBAL_FLAGS) && !(name in (command.flags ?? {})));
    if (foreign !== undefined) throw usageError(`"${group}" does not take --${foreign} (see --help)`);
    const ctx: CliContext<any> = {
      args,
      flags: parsed.flags,
      api: async () => (opened ??= await openApi(parsed.flags, group)),
      out: (line) => io.stdout.write(`${line}\n`),
      write: (text) => io.stdout.write(text),
      err: (line) => io.stderr.write(`${line}\n`),
    };
    return await command.run(ctx);
  } catch (error) {
    const usage = isUsageError(error);
    const message = usage ? (error as Error).message : toApiError(error).message;
    io.stderr.write(`scriptorium: ${message.replace(/\s*\n\s*/g, " ")}\n`);
    return usage ? 2 : 1;
  } finally {
    if (opened) await (opened as DisposableApi).dispose().catch(() => undefined);
  }
}
