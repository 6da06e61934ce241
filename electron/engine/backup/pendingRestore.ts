import fs from "node:fs";
import path from "node:path";
import { ScriptoriumError } from "../../../shared/errors.js";
import { assertNoActiveRun, readBackup, restoreBackup, type BackupManifest } from "./backupDataDir.js";

/** Where a restore chosen while the app runs waits for the next start (the open app.db cannot be replaced under it). */
export const PENDING_RESTORE = "restore-pending.zip";

/**
 * Checks a backup as `restore` does (a real backup, no entry outside the data dir), refuses while a
 * run is active, and copies it to `<dataDir>/restore-pending.zip` for the next start to apply.
 */
export async function stageRestore(options: { dataDir: string; zip: string }): Promise<{ manifest: BackupManifest; pending: string }> {
  const dataDir = path.resolve(options.dataDir);
  if (!fs.existsSync(options.zip)) throw new ScriptoriumError("not_found", `No backup file at ${options.zip}.`, { file: options.zip });
  const { manifest } = await readBackup(options.zip);
  assertNoActiveRun(dataDir);
  const pending = path.join(dataDir, PENDING_RESTORE);
  const partial = `${pending}.partial`;
  fs.copyFileSync(options.zip, partial);
  fs.renameSync(partial, pending);
  return { manifest, pending };
}

/**
 * Applies a staged restore, before app.db is opened: what the data dir held goes to
 * `before-restore-<time>/` (restoreBackup), and the staged zip is removed once applied. A staged
 * file that no longer reads as a backup is set aside as `restore-failed-<time>.zip` and the error thrown.
 */
export async function applyPendingRestore(dataDir: string): Promise<{ manifest: BackupManifest; keptAs: string | null } | null> {
  const pending = path.join(path.resolve(dataDir), PENDING_RESTORE);
  if (!fs.existsSync(pending)) return null;
  try {
    const result = await restoreBackup({ dataDir, zip: pending, skipRunCheck: true });
    fs.rmSync(pending, { force: true });
    return result;
  } catch (error) {
    fs.renameSync(pending, path.join(path.dirname(pending), `restore-failed-${new Date().toISOString().replace(/[:.]/g, "-")}.zip`));
    throw error;
  }
}
