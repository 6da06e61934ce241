import { useState, type FormEvent } from "react";
import type { PaperSummary } from "../../../shared/workflows/paper.js";
import { useApp } from "../../store/StoreProvider.js";
import type { PaperTranslate } from "./messages.js";
import { newTaskId } from "../../components/newTaskId.js";
import { PaperMetadataForm } from "./PaperMetadataForm.js";

export interface PaperLibraryPaneProps {
  t: PaperTranslate;
  papers: PaperSummary[];
  selected: string[];
  onToggle(docId: string): void;
  onOpen(docId: string): void;
  onChanged(): void;
  query: string;
  onQuery(query: string): void;
}

/** The library: import by path, search, tick papers for the session, open one in the reader, delete. */
export function PaperLibraryPane({ t, papers, selected, onToggle, onOpen, onChanged, query, onQuery }: PaperLibraryPaneProps) {
  const api = useApp((s) => s.api);
  const askConfirm = useApp((s) => s.askConfirm);
  const [file, setFile] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  const importFile = async (e: FormEvent) => {
    e.preventDefault();
    if (!file.trim() || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      // The taskId puts the import in the job tray, with 取消 (jobs.cancel).
      const { papers: done } = await api.call("paper.import", { paths: [file.trim()], taskId: newTaskId("paper-import") });
      const paper = done[0]!;
      setMessage({ ok: true, text: t("paper.imported", { t: paper.title, p: paper.pages }) });
      setFile("");
      onChanged();
      onOpen(paper.doc_id);
    } catch (error) {
      setMessage({ ok: false, text: (error as { message?: string }).message ?? String(error) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (paper: PaperSummary) => {
    if (!(await askConfirm({ message: t("paper.deleteConfirm", { t: paper.title }), confirmLabel: t("paper.delete"), danger: true }))) return;
    await api.call("paper.delete", { doc_id: paper.doc_id });
    onChanged();
  };

  return (
    <aside className="paper-library" aria-label={t("paper.library")}>
      <h2 className="paper-pane__title">{t("paper.library")}</h2>
      <form className="paper-library__import" onSubmit={(e) => void importFile(e)}>
        <label className="sr-only" htmlFor="paper-import-path">
          {t("paper.importPath")}
        </label>
        <input id="paper-import-path" className="input input--small" placeholder={t("paper.importPlaceholder")} value={file} onChange={(e) => setFile(e.target.value)} />
        <button type="submit" className="btn btn--small" disabled={busy || !file.trim()}>
          {busy ? t("paper.importing") : t("paper.import")}
        </button>
      </form>
      {message && <p className={`notice ${message.ok ? "notice--ok" : "notice--error"}`} role="status">{message.text}</p>}
      <label className="sr-only" htmlFor="paper-search">
        {t("paper.search")}
      </label>
      <input id="paper-search" className="input input--small" placeholder={t("paper.search")} value={query} onChange={(e) => onQuery(e.target.value)} />
      {papers.length === 0 && <p className="muted small">{t("paper.empty")}</p>}
      <ul className="paper-library__list">
        {papers.map((paper) => (
          <li key={paper.doc_id} className="paper-library__item" data-doc-id={paper.doc_id}>
            <input type="checkbox" aria-label={`${t("paper.select")} ${paper.title}`} checked={selected.includes(paper.doc_id)} onChange={() => onToggle(paper.doc_id)} />
            <button type="button" className="link-button paper-library__title" onClick={() => onOpen(paper.doc_id)}>
              {paper.title}
            </button>
            <span className="muted small">
              {t("paper.pages", { p: paper.pages })}
              {paper.year ? ` · ${paper.year}` : ""}
            </span>
            <span className="paper-library__actions">
              <button type="button" className="btn btn--ghost btn--small" aria-expanded={editing === paper.doc_id} onClick={() => setEditing(editing === paper.doc_id ? null : paper.doc_id)}>
                {t("paper.meta.edit")}
              </button>
              <button type="button" className="btn btn--ghost btn--small" onClick={() => void remove(paper)}>
                {t("paper.delete")}
              </button>
            </span>
            {editing === paper.doc_id && <PaperMetadataForm t={t} docId={paper.doc_id} onSaved={onChanged} onClose={() => setEditing(null)} />}
          </li>
        ))}
      </ul>
    </aside>
  );
}
