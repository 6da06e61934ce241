import { useRef, useState } from "react";
import { useApp } from "../store/StoreProvider.js";
import { useFeatureT } from "../i18n/useFeatureT.js";
import { downloadExport } from "../features/common/exportDraft.js";
import { HiddenFileInput } from "../features/common/HiddenFileInput.js";
import { pathForChosenFile } from "../features/common/pathForChosenFile.js";
import { backupMessages } from "./backupMessages.js";

type Busy = "create" | "restore" | "diagnostics" | null;

/**
 * 备份与恢复: a backup zip as a download (secrets only when ticked), a restore staged for the next
 * start (the open database cannot be replaced), and 导出诊断信息 for the IT desk.
 */
export function BackupCard() {
  const t = useFeatureT(backupMessages);
  const api = useApp((s) => s.api);
  const pushError = useApp((s) => s.pushError);
  const fileInput = useRef<HTMLInputElement>(null);
  const [withSecrets, setWithSecrets] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<string | null>(null);
  const act = async (kind: Exclude<Busy, null>, work: () => Promise<string>) => {
    setBusy(kind);
    setMessage(null);
    try {
      setMessage(await work());
    } catch (error) {
      pushError(error);
    } finally {
      setBusy(null);
    }
  };
  const create = () =>
    act("create", async () => {
      const file = await api.call("backup.create", { withSecrets });
      downloadExport(file);
      return t("backup.created", { name: file.fileName, n: file.entries });
    });
  const restore = (file: File) =>
    act("restore", async () => {
      const staged = await api.call("backup.restore", { path: await pathForChosenFile(file) });
      return t("backup.staged", { date: new Date(staged.createdAt).toLocaleString() });
    });
  const diagnostics = () =>
    act("diagnostics", async () => {
      const file = await api.call("diagnostics.export", {});
      downloadExport(file);
      return t("backup.exported", { name: file.fileName });
    });
  return (
    <section className="card">
      <h2>{t("backup.title")}</h2>
      <p className="muted small">{t("backup.hint")}</p>
      <label className="field field--inline">
        <input type="checkbox" checked={withSecrets} onChange={(e) => setWithSecrets(e.target.checked)} />
        <span>{t("backup.withSecrets")}</span>
      </label>
      <div className="card__actions">
        <button type="button" className="btn btn--primary" disabled={busy !== null} onClick={() => void create()}>
          {busy === "create" ? t("backup.creating") : t("backup.create")}
        </button>
        <button type="button" className="btn" disabled={busy !== null} onClick={() => fileInput.current?.click()}>
          {busy === "restore" ? t("backup.restoring") : t("backup.restore")}
        </button>
        <HiddenFileInput inputRef={fileInput} accept=".zip,application/zip" label={t("backup.restore")} onFile={(file) => void restore(file)} />
      </div>
      <p className="muted small">{t("backup.diagnosticsHint")}</p>
      <div className="card__actions">
        <button type="button" className="btn" disabled={busy !== null} onClick={() => void diagnostics()}>
          {t("backup.diagnostics")}
        </button>
      </div>
      {message && <p className="muted small" role="status">✓ {message}</p>}
    </section>
  );
}
