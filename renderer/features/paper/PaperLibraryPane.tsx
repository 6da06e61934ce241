import { useEffect, useRef, useState, type FormEvent } from "react";
import type { PaperSummary } from "../../../shared/workflows/paper.js";
import { useApp } from "../../store/StoreProvider.js";
import type { PaperTranslate } from "./messages.js";
import { HiddenFileInput } from "../common/HiddenFileInput.js";
import { PaperMetadataForm } from "./PaperMetadataForm.js";
import { usePaperImport } from "./usePaperImport.js";

/** What the picker offers: the formats the reader reads, and reference files. */
const ACCEPT = ".pdf,.docx,.md,.markdown,.txt,.html,.htm,.bib,.ris,application/pdf";

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

/** The library: import by path or a picked file (papers, .bib / .ris), search, tick papers for the session, open one, correct its metadata, delete. */
export function PaperLibraryPane({ t, papers, selected, onToggle, onOpen, onChanged, query, onQuery }: PaperLibraryPaneProps) {
  const api = useApp((s) => s.api);
  const askConfirm = useApp((s) => s.askConfirm);
  const [file, setFile] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const { busy, message, clearMessage, importPath, importFile } = usePaperImport(t, onChanged, onOpen);

  // A paper that arrived another way (a drop, another window) makes an old import error stale.
  const count = papers.length;
  const seen = useRef(count);
  useEffect(() => {
    if (count > seen.current && message && !message.ok) clearMessage();
    seen.current = count;
  }, [count, message, clearMessage]);

  const submitPath = async (e: FormEvent) => {
    e.preventDefault();
    if (!file.trim() || busy) return;
    if (await importPath(file.trim())) setFile("");
  };

  const remove = async (paper: PaperSummary) => {
    if (!(await askConfirm({ message: t("paper.deleteConfirm", { t: paper.title }), confirmLabel: t("paper.delete"), danger: true }))) return;
    await api.call("paper.delete", { doc_id: paper.doc_id });
    onChanged();
  };

  return (
    <aside className="paper-library" aria-label={t("paper.library")}>
      <h2 className="paper-pane__title">{t("paper.library")}</h2>
      <div className="paper-library__pick">
        <button type="button" className="btn btn--small btn--primary" disabled={busy !== null} onClick={() => picker.current?.click()}>
          {busy === "upload" ? t("paper.uploading") : t("paper.chooseFile")}
        </button>
        <HiddenFileInput inputRef={picker} accept={ACCEPT} label={t("paper.chooseFile")} onFile={(f) => void importFile(f)} />
      </div>
      <p className="muted paper-library__hint">{t("paper.importHint")}</p>
      <form className="paper-library__import" onSubmit={(e) => void submitPath(e)}>
        <label className="sr-only" htmlFor="paper-import-path">
          {t("paper.importPath")}
        </label>
        <input id="paper-import-path" className="input input--small" placeholder={t("paper.importPlaceholder")} value={file} onChange={(e) => setFile(e.target.value)} />
        <button type="submit" className="btn btn--small" disabled={busy !== null || !file.trim()}>
          {busy === "import" ? t("paper.importing") : t("paper.import")}
        </button>
      </form>
      {message && (
        <p className={`notice paper-library__message ${message.ok ? "notice--ok" : "notice--error"}`} role={message.ok ? "status" : "alert"}>
          <span>{message.text}</span>
          <button type="button" className="icon-btn" aria-label={t("common.dismiss")} onClick={clearMessage}>
            ×
          </button>
        </p>
      )}
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
