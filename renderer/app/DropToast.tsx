import { useT } from "../store/StoreProvider.js";
import type { ImportReport } from "../../shared/knowledge.js";
import { ImportReportView } from "../components/ImportReportView.js";

/** What a drop import did: the count, then each per-file report (which files failed and why). */
export function DropToast({ message, reports, onClose }: { message: string; reports: ImportReport[]; onClose(): void }) {
  const t = useT();
  return (
    <div className="toast" role="status">
      {message}
      <button type="button" className="icon-btn" aria-label={t("common.close")} onClick={onClose}>
        ×
      </button>
      {reports.map((report, i) => (
        <ImportReportView key={i} report={report} t={t} />
      ))}
    </div>
  );
}
