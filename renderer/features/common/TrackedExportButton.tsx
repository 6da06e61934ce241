import { useApp, useT } from "../../store/StoreProvider.js";
import { downloadExport } from "./exportDraft.js";
import { useExportTemplate } from "./ExportTemplateSelect.js";

/**
 * Word with tracked changes from one version of the open document to another (a revision round,
 * a hand edit, a restore): accepting all in Word/WPS gives `to`, rejecting all gives `from`.
 */
export function TrackedExportButton({ from, to }: { from: number; to: number }) {
  const t = useT();
  const api = useApp((s) => s.api);
  const sessionId = useApp((s) => s.current.sessionId);
  const locale = useApp((s) => (s.locale.startsWith("zh") ? "zh" : "en"));
  // The layout the user last chose for exports (the same renderer draws the tracked file).
  const [template, , exportFailed] = useExportTemplate();
  const run = async () => {
    if (!sessionId) return;
    try {
      downloadExport(await api.call("documents.export", { sessionId, format: "docx", tracked: { from, to }, template: template.template, locale }));
    } catch (error) {
      exportFailed(error);
    }
  };
  return (
    <button type="button" className="btn btn--small" onClick={() => void run()}>
      {t("draft.exportTracked", { from, to })}
    </button>
  );
}
