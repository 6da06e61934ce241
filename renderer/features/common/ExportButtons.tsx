import { useApp, useT } from "../../store/StoreProvider.js";
import { downloadExport } from "./exportDraft.js";

const FORMATS = [
  ["markdown", "draft.exportMarkdown"],
  ["docx", "draft.exportDocx"],
  ["html", "draft.exportHtml"],
] as const;

/** Markdown / DOCX / HTML export of one version (the latest when `number` is null). */
export function ExportButtons({ number }: { number: number | null }) {
  const t = useT();
  const api = useApp((s) => s.api);
  const sessionId = useApp((s) => s.current.sessionId);
  const pushError = useApp((s) => s.pushError);
  const run = async (format: (typeof FORMATS)[number][0]) => {
    if (!sessionId) return;
    try {
      downloadExport(await api.call("article.export", number === null ? { sessionId, format } : { sessionId, format, number }));
    } catch (error) {
      pushError(error);
    }
  };
  return (
    <div className="btn-group" role="group" aria-label={t("draft.export")}>
      {FORMATS.map(([format, key]) => (
        <button key={format} type="button" className="btn btn--small" onClick={() => void run(format)}>
          {t(key)}
        </button>
      ))}
    </div>
  );
}
