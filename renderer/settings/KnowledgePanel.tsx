import { useState } from "react";
import { useApp, useT } from "../store/StoreProvider.js";
import { knowledgeLabel } from "./knowledgeLabel.js";
import { ProgressBar } from "../components/ProgressBar.js";
import { ImportReportView } from "../components/ImportReportView.js";
import { FolderBindingsCard } from "./FolderBindingsCard.js";
import { TeamLibraryCard } from "./TeamLibraryCard.js";
import { BackupCard } from "./BackupCard.js";

/** The knowledge library: import paths with progress, bound folders, sources with chunk counts, delete, re-index. */
export function KnowledgePanel() {
  const t = useT();
  const sources = useApp((s) => s.sources);
  const taskIds = useApp((s) => s.knowledgeTasks);
  const tasks = useApp((s) => s.tasks);
  const ingest = useApp((s) => s.ingest);
  const deleteSource = useApp((s) => s.deleteSource);
  const askConfirm = useApp((s) => s.askConfirm);
  const remove = async (source: { id: string; path: string }) => {
    if (await askConfirm({ message: t("knowledge.deleteConfirm", { p: source.path }), confirmLabel: t("common.delete"), danger: true })) await deleteSource(source.id);
  };
  const reindex = useApp((s) => s.reindex);
  const [paths, setPaths] = useState("");
  // Folder syncs are started by the engine's watcher, not this window: show them too.
  const ids = [...new Set([...taskIds, ...Object.keys(tasks).filter((id) => id.startsWith("folder"))])];
  const running = ids.map((id) => tasks[id] ?? { task: id, done: 0, total: null, message: null, finished: false }).filter((p) => !p.finished);
  // The imports started here that have ended, newest first: what each did, per file.
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const reports = [...taskIds]
    .reverse()
    .flatMap((id) => {
      const report = tasks[id]?.report;
      return report && !dismissed.has(id) ? [{ id, report }] : [];
    })
    .slice(0, 3);
  return (
    <div className="panel-grid">
      <section className="card">
        <h2>{t("knowledge.import")}</h2>
        <label className="field">
          <span className="field__label">{t("knowledge.paths")}</span>
          <textarea className="input" rows={4} value={paths} onChange={(e) => setPaths(e.target.value)} placeholder="/home/me/notes&#10;/home/me/report.pdf" />
        </label>
        <div className="card__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={!paths.trim()}
            onClick={() => {
              void ingest(paths.split("\n").map((p) => p.trim()).filter(Boolean));
              setPaths("");
            }}
          >
            {t("knowledge.importBtn")}
          </button>
          <button type="button" className="btn" onClick={() => void reindex()}>
            {t("knowledge.reindex")}
          </button>
        </div>
        {running.map((p) => (
          <div key={p.task} className="download">
            <ProgressBar value={p.total ? p.done / p.total : null} label={p.task} />
            <span className="muted small">
              {t("knowledge.progress", { done: p.done, total: p.total ?? "?" })} {p.message ?? ""}
            </span>
          </div>
        ))}
        {reports.map(({ id, report }) => (
          <ImportReportView key={id} report={report} t={t} onDismiss={() => setDismissed((d) => new Set(d).add(id))} />
        ))}
      </section>
      <FolderBindingsCard />
      <TeamLibraryCard />
      <BackupCard />
      <section className="card card--wide">
        <h2>{t("knowledge.sources")}</h2>
        {sources.length === 0 ? (
          <p className="empty">{t("knowledge.noSources")}</p>
        ) : (
          <table className="table">
            <tbody>
              {sources.map((s) => (
                <tr key={s.id}>
                  <td className="ellipsis" title={s.path}>{s.path}</td>
                  <td>{knowledgeLabel(t, "kind", s.kind)}</td>
                  <td>{knowledgeLabel(t, "collection", s.collection)}</td>
                  <td>{t("knowledge.chunks", { n: s.chunkCount })}</td>
                  <td>
                    <button type="button" className="icon-btn icon-btn--danger" aria-label={`${t("common.delete")} ${s.path}`} onClick={() => void remove(s)}>
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
