import fs from "node:fs";
import path from "node:path";
import type { CliContext, CommandGroup } from "../../../shared/cli/CliContext.js";
import { defineFlags } from "../../../shared/cli/cliFlags.js";
import { printResult, usageError } from "../../../shared/cli/CliContext.js";

/** The data dir these commands work on, without opening the engine (a restore must not hold app.db open). */
async function dataDir(ctx: CliContext): Promise<string> {
  const { defaultDataDir } = await import("../../engine/dataDir.js");
  return path.resolve(ctx.flags.dataDir ?? defaultDataDir());
}

export const BACKUP_FLAGS = defineFlags({ out: "string", "with-secrets": "boolean" });
export const DIAGNOSTICS_FLAGS = defineFlags({ out: "string" });

/** `backup --out F.zip [--with-secrets]`: app.db (online backup), local LanceDB tables, guides, providers. */
export const backupCommand: CommandGroup<typeof BACKUP_FLAGS> = async (ctx) => {
  if (ctx.args.length > 0 || !ctx.flags.out) throw usageError("usage: backup --out <file.zip> [--with-secrets]");
  const { createBackup } = await import("../../engine/backup/backupDataDir.js");
  const out = path.resolve(ctx.flags.out);
  const manifest = await createBackup({ dataDir: await dataDir(ctx), out, withSecrets: ctx.flags.withSecrets === true });
  const result = { file: out, bytes: fs.statSync(out).size, entries: manifest.entries.length, withSecrets: manifest.withSecrets };
  printResult(ctx, result, () =>
    ctx.out(`backed up ${result.entries} files to ${out} (${Math.ceil(result.bytes / 1024)} KiB${manifest.withSecrets ? ", with secrets" : ", no secrets"})`),
  );
  return 0;
};

/** `restore F.zip`: refused while a run is active; what the data dir held is kept in before-restore-<time>/. */
export const restoreCommand: CommandGroup = async (ctx) => {
  if (ctx.args.length !== 1) throw usageError("usage: restore <file.zip>");
  const { restoreBackup } = await import("../../engine/backup/backupDataDir.js");
  const target = await dataDir(ctx);
  const { manifest, keptAs } = await restoreBackup({ dataDir: target, zip: path.resolve(ctx.args[0]!) });
  const result = { dataDir: target, entries: manifest.entries.length, createdAt: manifest.createdAt, keptAs };
  printResult(ctx, result, () => {
    ctx.out(`restored ${result.entries} files (backup of ${manifest.createdAt}) into ${target}`);
    if (keptAs) ctx.out(`the files it replaced are in ${keptAs}`);
  });
  return 0;
};

/** `diagnostics --out F.zip`: logs, versions and settings for the IT desk (no documents, no keys). */
export const diagnosticsCommand: CommandGroup<typeof DIAGNOSTICS_FLAGS> = async (ctx) => {
  if (ctx.args.length > 0 || !ctx.flags.out) throw usageError("usage: diagnostics --out <file.zip>");
  const { exportDiagnostics } = await import("../../engine/diagnostics/exportDiagnostics.js");
  const { appVersion } = await import("../../engine/diagnostics/appVersion.js");
  const out = path.resolve(ctx.flags.out);
  const entries = await exportDiagnostics({ dataDir: await dataDir(ctx), out, appVersion: appVersion() });
  printResult(ctx, { file: out, entries }, () => ctx.out(`wrote ${out}: ${entries.join(", ")}`));
  return 0;
};
