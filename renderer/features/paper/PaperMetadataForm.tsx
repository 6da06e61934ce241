import { useEffect, useRef, useState, type FormEvent } from "react";
import { useApp, useT } from "../../store/StoreProvider.js";
import type { PaperTranslate } from "./messages.js";
import { metadataFieldError, paperErrorText } from "./paperErrorText.js";

interface Fields {
  title: string;
  authors: string;
  year: string;
  venue: string;
  doi: string;
  arxiv: string;
}

/**
 * Corrects what a paper's reference entry is built from (title, authors, year, venue, DOI, arXiv id), in a
 * modal dialog with room for each field (the library pane is too narrow). The engine checks every
 * field before it writes: a refused correction shows under the field it names, in the UI language,
 * and changes nothing.
 */
export function PaperMetadataForm({ t, docId, onSaved, onClose }: { t: PaperTranslate; docId: string; onSaved(): void; onClose(): void }) {
  const shared = useT();
  const api = useApp((s) => s.api);
  const [fields, setFields] = useState<Fields | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldProblem, setFieldProblem] = useState<{ field: keyof Fields; text: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  useEffect(() => {
    let live = true;
    api.call("paper.getMetadata", { doc_id: docId }).then(
      (m) => live && setFields({ title: m.title, authors: m.authors.join("; "), year: m.year === null ? "" : String(m.year), venue: m.venue, doi: m.doi, arxiv: m.arxiv }),
      (error: unknown) => live && setProblem(paperErrorText(t, shared, error)),
    );
    return () => {
      live = false;
    };
  }, [api, docId, t, shared]);

  // The field a refusal names gets the focus, so its message is read and in view.
  useEffect(() => {
    if (fieldProblem) dialog.current?.querySelector<HTMLInputElement>(`input[name="${fieldProblem.field}"]`)?.focus();
  }, [fieldProblem]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!fields) return;
    setProblem(null);
    setFieldProblem(null);
    setSaved(false);
    const year = fields.year.trim();
    if (year !== "" && !/^\d+$/.test(year)) {
      setFieldProblem({ field: "year", text: t("paper.meta.badYear", { y: year }) });
      return;
    }
    try {
      await api.call("paper.setMetadata", {
        doc_id: docId,
        title: fields.title,
        authors: fields.authors.split(/[;；]/).map((a) => a.trim()).filter(Boolean),
        year: year === "" ? null : Number(year),
        venue: fields.venue,
        doi: fields.doi,
        arxiv: fields.arxiv,
      });
      setSaved(true);
      onSaved();
    } catch (error) {
      const named = metadataFieldError(t, error);
      if (named) setFieldProblem(named);
      else setProblem(paperErrorText(t, shared, error));
    }
  };

  const field = (key: keyof Fields, label: string) => {
    const error = fieldProblem?.field === key ? fieldProblem.text : null;
    return (
      <label className="paper-meta__field">
        <span className="small">{label}</span>
        <input
          className="input"
          name={key}
          value={fields?.[key] ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `paper-meta-error-${key}` : undefined}
          onChange={(e) => fields && setFields({ ...fields, [key]: e.target.value })}
        />
        {error && (
          <span id={`paper-meta-error-${key}`} className="field__error" role="alert">
            {error}
          </span>
        )}
      </label>
    );
  };
  return (
    <dialog ref={dialog} className="dialog paper-meta-dialog" aria-labelledby="paper-meta-title" onClose={onClose}>
      <form className="paper-meta" aria-label={t("paper.meta.title")} data-testid="paper-meta" onSubmit={(e) => void save(e)}>
        <h3 id="paper-meta-title">{t("paper.meta.title")}</h3>
        {field("title", t("paper.meta.fieldTitle"))}
        {field("authors", t("paper.meta.fieldAuthors"))}
        {field("year", t("paper.meta.fieldYear"))}
        {field("venue", t("paper.meta.fieldVenue"))}
        {field("doi", t("paper.meta.fieldDoi"))}
        {field("arxiv", t("paper.meta.fieldArxiv"))}
        {saved && <p className="notice notice--ok" role="status">{t("paper.meta.saved")}</p>}
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
        <div className="card__actions">
          <button type="button" className="btn" onClick={() => dialog.current?.close()}>
            {t("paper.meta.close")}
          </button>
          <button type="submit" className="btn btn--primary" disabled={!fields}>
            {t("paper.meta.save")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
