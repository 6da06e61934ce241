import { useEffect, useState, type FormEvent } from "react";
import { useApp } from "../../store/StoreProvider.js";
import type { PaperTranslate } from "./messages.js";

interface Fields {
  title: string;
  authors: string;
  year: string;
  venue: string;
  doi: string;
}

/**
 * Corrects what a paper's reference entry is built from (title, authors, year, venue, DOI). The
 * engine checks every field before it writes, so a refused correction shows the engine's message
 * naming the field and changes nothing.
 */
export function PaperMetadataForm({ t, docId, onSaved, onClose }: { t: PaperTranslate; docId: string; onSaved(): void; onClose(): void }) {
  const api = useApp((s) => s.api);
  const [fields, setFields] = useState<Fields | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let live = true;
    api.call("paper.getMetadata", { doc_id: docId }).then(
      (m) => live && setFields({ title: m.title, authors: m.authors.join("; "), year: m.year === null ? "" : String(m.year), venue: m.venue, doi: m.doi }),
      (error: unknown) => live && setProblem((error as Error).message),
    );
    return () => {
      live = false;
    };
  }, [api, docId]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!fields) return;
    setProblem(null);
    setSaved(false);
    const year = fields.year.trim();
    if (year !== "" && !/^\d+$/.test(year)) {
      setProblem(t("paper.meta.badYear", { y: year }));
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
      });
      setSaved(true);
      onSaved();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  const field = (key: keyof Fields, label: string) => (
    <label className="paper-meta__field">
      <span className="small">{label}</span>
      <input className="input input--small" name={key} value={fields?.[key] ?? ""} onChange={(e) => fields && setFields({ ...fields, [key]: e.target.value })} />
    </label>
  );
  return (
    <form className="paper-meta" aria-label={t("paper.meta.title")} data-testid="paper-meta" onSubmit={(e) => void save(e)}>
      {field("title", t("paper.meta.fieldTitle"))}
      {field("authors", t("paper.meta.fieldAuthors"))}
      {field("year", t("paper.meta.fieldYear"))}
      {field("venue", t("paper.meta.fieldVenue"))}
      {field("doi", t("paper.meta.fieldDoi"))}
      <div className="btn-group">
        <button type="submit" className="btn btn--small" disabled={!fields}>
          {t("paper.meta.save")}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
          {t("paper.meta.close")}
        </button>
      </div>
      {saved && <p className="notice notice--ok" role="status">{t("paper.meta.saved")}</p>}
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
