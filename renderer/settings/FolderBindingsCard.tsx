import { useEffect, useState } from "react";
import { knowledgeLabel } from "./knowledgeLabel.js";
import { useApp, useT } from "../store/StoreProvider.js";

/**
 * 绑定文件夹: a folder followed by the engine (import, then re-index on change, prune on delete).
 * Each bound folder shows its file counts, pause/resume, unbind, and the files it could not read.
 */
export function FolderBindingsCard() {
  const t = useT();
  const folders = useApp((s) => s.folders);
  const refreshFolders = useApp((s) => s.refreshFolders);
  const bindFolder = useApp((s) => s.bindFolder);
  const setFolderPaused = useApp((s) => s.setFolderPaused);
  const unbindFolder = useApp((s) => s.unbindFolder);
  const [folder, setFolder] = useState("");
  useEffect(() => {
    void refreshFolders();
  }, [refreshFolders]);
  return (
    <section className="card">
      <h2>{t("knowledge.folders")}</h2>
      <label className="field">
        <span className="field__label">{t("knowledge.folderPath")}</span>
        <input className="input" value={folder} onChange={(e) => setFolder(e.target.value)} placeholder="/home/me/notes" />
      </label>
      <div className="card__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={!folder.trim()}
          onClick={() => {
            void bindFolder(folder.trim());
            setFolder("");
          }}
        >
          {t("knowledge.bindFolder")}
        </button>
      </div>
      {folders.length === 0 ? (
        <p className="empty">{t("knowledge.noFolders")}</p>
      ) : (
        <ul className="list">
          {folders.map((f) => (
            <li key={f.id}>
              <div className="ellipsis" title={f.path}>
                {f.path} · {knowledgeLabel(t, "collection", f.collection)} · {t("knowledge.folderCounts", { indexed: f.indexed, pending: f.pending, failed: f.failed.length })}
                {f.paused ? ` · ${t("knowledge.folderPaused")}` : ""}
              </div>
              <div className="card__actions">
                <button type="button" className="btn" onClick={() => void setFolderPaused(f.id, !f.paused)}>
                  {f.paused ? t("knowledge.folderResume") : t("knowledge.folderPause")}
                </button>
                <button type="button" className="btn" onClick={() => void unbindFolder(f.id, false)}>
                  {t("knowledge.folderUnbind")}
                </button>
                <button type="button" className="btn btn--danger" onClick={() => void unbindFolder(f.id, true)}>
                  {t("knowledge.folderUnbindRemove")}
                </button>
              </div>
              {f.failed.length > 0 && (
                <details>
                  <summary>{t("knowledge.folderFailed", { n: f.failed.length })}</summary>
                  <ul className="small muted">
                    {f.failed.map((item) => (
                      <li key={item.path}>
                        {item.path}: {item.error}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
