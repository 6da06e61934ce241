import type { CliCommand } from "../../shared/cli/CliContext.js";
import { BACKUP_FLAGS, DIAGNOSTICS_FLAGS, backupCommand, diagnosticsCommand, restoreCommand } from "./commands/backup.js";
import { EXPORT_FLAGS, EXPORT_USAGE, exportCommand } from "./commands/exportCommand.js";
import { healthCommand } from "./commands/health.js";
import { INGEST_FLAGS, ingestCommand } from "./commands/ingest.js";
import { LINT_FLAGS, lintCommand } from "./commands/lint.js";
import { MODELS_FLAGS, modelsCommand } from "./commands/models.js";
import { providerCommand } from "./commands/provider.js";
import { REFS_FLAGS, refsCommand } from "./commands/refs.js";
import { SEARCH_FLAGS, searchCommand } from "./commands/search.js";
import { sessionsCommand } from "./commands/sessionsCommand.js";
import { settingsCommand } from "./commands/settings.js";

/**
 * The commands that belong to no workflow, one entry each: name, flags, help lines, handler. Each
 * workflow adds its own group under its id (its definition's `cli`); runCli composes both.
 */
export const CORE_COMMANDS: Readonly<Record<string, CliCommand<any>>> = {
  health: { usage: ["health"], run: healthCommand },
  models: { flags: MODELS_FLAGS, usage: ["models list | import <file> | download <catalogId> | select <id> [--embedding]"], run: modelsCommand },
  settings: { usage: ["settings get | set <key> <json>"], run: settingsCommand },
  sessions: { usage: ["sessions list"], run: sessionsCommand },
  lint: { flags: LINT_FLAGS, usage: ["lint <file.md> [--json] [--fix]"], run: lintCommand },
  ingest: {
    flags: INGEST_FLAGS,
    usage: ["ingest <paths…> [--collection library|papers|code] [--library s3://bucket/prefix] | ingest --watch <dir> [--collection C] [--library s3://…]"],
    run: ingestCommand,
  },
  search: { flags: SEARCH_FLAGS, usage: ['search "<query>" [--limit N] [--collection C] [--library s3://bucket/prefix]'], run: searchCommand },
  backup: { flags: BACKUP_FLAGS, usage: ["backup --out <file.zip> [--with-secrets]"], run: backupCommand },
  restore: { usage: ["restore <file.zip>"], run: restoreCommand },
  diagnostics: { flags: DIAGNOSTICS_FLAGS, usage: ["diagnostics --out <file.zip>"], run: diagnosticsCommand },
  export: { flags: EXPORT_FLAGS, usage: [EXPORT_USAGE], run: exportCommand },
  provider: { usage: ["provider list | test <name>"], run: providerCommand },
  refs: { flags: REFS_FLAGS, usage: ["refs format <file.bib|file.ris> --style gb-t-7714|apa [--locale zh|en] [--json]"], run: refsCommand },
};
