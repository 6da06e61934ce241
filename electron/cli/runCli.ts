import { toApiError } from "../../shared/errors.js";
import type { CliContext, CliFlags, CommandGroup, DisposableApi, ExitCode } from "../../shared/cli/CliContext.js";
import { isUsageError, usageError } from "../../shared/cli/CliContext.js";
import { EXPORT_USAGE, exportCommand } from "./commands/exportCommand.js";
import { healthCommand } from "./commands/health.js";
import { ingestCommand } from "./commands/ingest.js";
import { lintCommand } from "./commands/lint.js";
import { modelsCommand } from "./commands/models.js";
import { providerCommand } from "./commands/provider.js";
import { refsCommand } from "./commands/refs.js";
import { searchCommand } from "./commands/search.js";
import { backupCommand, diagnosticsCommand, restoreCommand } from "./commands/backup.js";
import { settingsCommand } from "./commands/settings.js";
import { parseCliArgs } from "./parseCliArgs.js";
import { sessionsCommand } from "./commands/sessionsCommand.js";
import { WORKFLOW_REGISTRY } from "../engine/workflows/registry.js";
import type { WorkflowRegistry } from "../engine/workflows/WorkflowDefinition.js";

/** Core commands; each workflow adds its own group (its definition's `cli`) under its id. */
const CORE_USAGE = [
  "health",
  "models list | import <file> | download <catalogId> | select <id> [--embedding]",
  "settings get | set <key> <json>",
  "sessions list",
  "lint <file.md> [--json] [--fix]",
  "ingest <paths…> [--collection library|papers|code] [--library s3://bucket/prefix] | ingest --watch <dir> [--collection C] [--library s3://…]",
  'search "<query>" [--limit N] [--collection C] [--library s3://bucket/prefix]',
  "backup --out <file.zip> [--with-secrets] | restore <file.zip>",
  "diagnostics --out <file.zip>",
  "provider list | test <name>",
  "refs format <file.bib|file.ris> --style gb-t-7714|apa [--locale zh|en] [--json]",
  EXPORT_USAGE,
];

const CORE_GROUPS: Record<string, CommandGroup> = {
  health: healthCommand,
  models: modelsCommand,
  settings: settingsCommand,
  sessions: sessionsCommand,
  lint: lintCommand,
  ingest: ingestCommand,
  search: searchCommand,
  provider: providerCommand,
  // issue 30
  refs: refsCommand,
  backup: backupCommand,
  restore: restoreCommand,
  diagnostics: diagnosticsCommand,
  export: exportCommand,
};

/** The CLI's help text for a registry: core commands, then each workflow's lines. */
export function cliUsage(registry: WorkflowRegistry = WORKFLOW_REGISTRY): string {
  const lines = [...CORE_USAGE, ...Object.values(registry).flatMap((d) => d.cli?.usage ?? [])];
  return `usage: npm run cli -- <command> [--data-dir DIR] [--model file.gguf] [--json]\ncommands:\n${lines.map((l) => `  ${l}`).join("\n")}`;
}

export interface CliIo {
  stdout: { write(chunk: string | Uint8Array): unknown };
  stderr: { write(chunk: string | Uint8Array): unknown };
}

/** Opens the engine for the global flags; injected so tests can serve a fake. */
export type OpenApi = (flags: CliFlags, command?: string) => Promise<DisposableApi>;

/**
 * Run one CLI invocation and return its exit code: 0 ok, 1 failure, 2 usage. Errors become one
 * line on stderr; the engine, if opened, is always disposed.
 */
export async function runCli(argv: string[], io: CliIo, openApi: OpenApi, registry: WorkflowRegistry = WORKFLOW_REGISTRY): Promise<ExitCode> {
  let opened: DisposableApi | null = null;
  try {
    const parsed = parseCliArgs(argv);
    const [group, ...args] = parsed.positionals;
    if (parsed.help || group === undefined) {
      (group === undefined && !parsed.help ? io.stderr : io.stdout).write(`${cliUsage(registry)}\n`);
      return parsed.help ? 0 : 2;
    }
    const command = CORE_GROUPS[group] ?? registry[group]?.cli?.run;
    if (!command) throw usageError(`unknown command "${group}" (see --help)`);
    const ctx: CliContext = {
      args,
      flags: parsed.flags,
      api: async () => (opened ??= await openApi(parsed.flags, group)),
      out: (line) => io.stdout.write(`${line}\n`),
      write: (text) => io.stdout.write(text),
      err: (line) => io.stderr.write(`${line}\n`),
    };
    return await command(ctx);
  } catch (error) {
    const usage = isUsageError(error);
    const message = usage ? (error as Error).message : toApiError(error).message;
    io.stderr.write(`scriptorium: ${message.replace(/\s*\n\s*/g, " ")}\n`);
    return usage ? 2 : 1;
  } finally {
    if (opened) await (opened as DisposableApi).dispose().catch(() => undefined);
  }
}
