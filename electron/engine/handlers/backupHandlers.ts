import fs from "node:fs";
import path from "node:path";
import { createBackup } from "../backup/backupDataDir.js";
import { stageRestore } from "../backup/pendingRestore.js";
import type { DataDirLayout } from "../dataDir.js";
import { exportDiagnostics } from "../diagnostics/exportDiagnostics.js";
import type { CoreHandlers } from "./CoreHandlers.js";

type BackupMethods = "backup.create" | "backup.restore" | "diagnostics.export";

/** `backup.*` and `diagnostics.export`: Settings' 备份与恢复 and 导出诊断信息 over the same code as the CLI. */
export function backupHandlers({ dataDir, appVersion }: { dataDir: DataDirLayout; appVersion: string }): Pick<CoreHandlers, BackupMethods> {
  const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  /** Writes a zip to a cache file, returns it base64 and removes it. */
  const zipped = async <T>(name: string, write: (out: string) => Promise<T>) => {
    const dir = fs.mkdtempSync(path.join(dataDir.cache, "zip-"));
    try {
      const out = path.join(dir, name);
      const result = await write(out);
      const content = fs.readFileSync(out).toString("base64");
      return { result, file: { fileName: name, mimeType: "application/zip" as const, encoding: "base64" as const, content } };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  return {
    "backup.create": async ({ withSecrets }) => {
      const { result, file } = await zipped(`scriptorium-backup-${stamp()}.zip`, (out) => createBackup({ dataDir: dataDir.root, out, withSecrets }));
      return { ...file, entries: result.entries.length, withSecrets: result.withSecrets };
    },
    "backup.restore": async ({ path: zip }) => {
      const { manifest } = await stageRestore({ dataDir: dataDir.root, zip });
      return { staged: true as const, createdAt: manifest.createdAt, entries: manifest.entries.length, withSecrets: manifest.withSecrets };
    },
    "diagnostics.export": async () => {
      const { result, file } = await zipped(`scriptorium-diagnostics-${stamp()}.zip`, (out) => exportDiagnostics({ dataDir: dataDir.root, out, appVersion }));
      return { ...file, entries: result };
    },
  };
}
