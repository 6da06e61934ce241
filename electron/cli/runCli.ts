import { toApiError } from "../../shared/errors.js";
import type { CliContext, CliFlags, CommandGroup, DisposableApi, ExitCode } from "./CliContext.js";
import { isUsageError, usageError } from "./CliContext.js";
import { articleCommand } from "./commands/article.js";
import { chatCommand } from "./commands/chat.js";
import { docgenCommand } from "./commands/docgen.js";
import { healthCommand } from "./commands/health.js";
import { ingestCommand } from "./commands/ingest.js";
import { lintCommand } from "./commands/lint.js";
import { modelsCommand } from "./commands/models.js";
import { paperCommand } from "./commands/paper.js";
import { providerCommand } from "./commands/provider.js";
import { searchCommand } from "./commands/search.js";
import { sessionsCommand } from "./commands/sessions.js";
import { settingsCommand } from "./commands/settings.js";
import { parseCliArgs } from "./parseCliArgs.js";

export const CLI_USAGE = `usage: npm run cli -- <command> [--data-dir DIR] [--model file.gguf] [--json]
commands:
  health
  models list | import <file> | download <catalogId> | select <id> [--embedding]
  settings get | set <key> <json>
  sessions list
  chat "<prompt>" [--max-tokens N]
  article start "<intent>" [--type news|analysis|feature|report] [--audience A] [--words N] [--locale zh|en]
  article resume <id> <action> [--json '<payload>']
  article state <id> | list | versions <id> | export <id> --format markdown|html|docx [--out file]
  docgen start --mode text|notes|code --topic T [--source PATH] [--text-file F] [--rules FILE | --guide ID] [--wait] [--out doc.md] [--json]
  docgen review <file.md> [--out F] [--report report.json] | list | resume <id> | graph [--rules FILE | --guide ID]
  docgen guides [list] | guides import <guide.md> [--name N] | guides delete <id>
  paper import <file…> | list | show <doc_id> | delete <doc_id> [--json]
  paper ask <doc_id…> "<question>" [--intent chat|critical|deep_read|extract|translate|recommend|literature_review] [--selected "<text>"] [--json]
  paper deep-read <doc_id> [--json] | check-claims <doc_id> --claims <file.jsonl> [--judge none|llm] [--json]
  lint <file.md> [--json] [--fix]
  ingest <paths…> [--collection library|papers|code]
  search "<query>" [--limit N] [--collection C]
  provider list | test <name>`;

const GROUPS: Record<string, CommandGroup> = {
  health: healthCommand,
  models: modelsCommand,
  settings: settingsCommand,
  sessions: sessionsCommand,
  chat: chatCommand,
  article: articleCommand,
  docgen: docgenCommand,
  paper: paperCommand,
  lint: lintCommand,
  ingest: ingestCommand,
  search: searchCommand,
  provider: providerCommand,
};

export interface CliIo {
  stdout: { write(chunk: string | Uint8Array): unknown };
  stderr: { write(chunk: string | Uint8Array): unknown };
}

/** Opens the engine for the global flags; injected so tests can serve a fake. */
export type OpenApi = (flags: CliFlags) => Promise<DisposableApi>;

/**
 * Run one CLI invocation and return its exit code: 0 ok, 1 failure, 2 usage. Errors become one
 * line on stderr; the engine, if opened, is always disposed.
 */
export async function runCli(argv: string[], io: CliIo, openApi: OpenApi): Promise<ExitCode> {
  let opened: DisposableApi | null = null;
  try {
    const parsed = parseCliArgs(argv);
    const [group, ...args] = parsed.positionals;
    if (parsed.help || group === undefined) {
      (group === undefined && !parsed.help ? io.stderr : io.stdout).write(`${CLI_USAGE}\n`);
      return parsed.help ? 0 : 2;
    }
    const command = GROUPS[group];
    if (!command) throw usageError(`unknown command "${group}" (see --help)`);
    const ctx: CliContext = {
      args,
      flags: parsed.flags,
      api: async () => (opened ??= await openApi(parsed.flags)),
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
