import { IMPORT_REASON_CODES, type ImportFile, type ImportReport } from "../../shared/knowledge.js";
import type { Translate } from "../i18n/translate.js";
import type { MessageKey } from "../i18n/zh.js";

/** A file's reason in the UI's language: a known code translated, else the engine's own words. */
export function importReason(t: Translate, file: ImportFile): string | null {
  if (file.code && (IMPORT_REASON_CODES as readonly string[]).includes(file.code)) return t(`importReport.reason.${file.code}` as MessageKey);
  return file.reason ?? null;
}

/**
 * What an import did: the counts (已导入 n · 已跳过 n · 失败 n), then each file with its status and
 * why, folded away (open by itself when something failed).
 */
export function ImportReportView({ report, t, onDismiss }: { report: ImportReport; t: Translate; onDismiss?: () => void }) {
  return (
    <div className="import-report" role="status" aria-label={t("importReport.title")}>
      <div className="import-report__head">
        <strong>{t("importReport.title")}</strong>
        <span className="import-report__counts">{t("importReport.counts", { imported: report.imported, skipped: report.skipped, failed: report.failed })}</span>
        {onDismiss && (
          <button type="button" className="icon-btn" aria-label={t("importReport.dismiss")} onClick={onDismiss}>
            ×
          </button>
        )}
      </div>
      {report.files.length > 0 && (
        <details open={report.failed > 0}>
          <summary>{t("importReport.files", { n: report.files.length })}</summary>
          <ul className="import-report__files">
            {report.files.map((file) => {
              const reason = importReason(t, file);
              return (
                <li key={`${file.status}:${file.path}`} className={`import-report__file import-report__file--${file.status}`}>
                  <span className="import-report__status">{t(`importReport.status.${file.status}`)}</span>
                  <span className="import-report__path ellipsis" title={file.path}>
                    {file.path}
                  </span>
                  {reason && (
                    <span className="import-report__reason muted small" title={file.reason}>
                      {reason}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          {report.omitted ? <p className="muted small">{t("importReport.omitted", { n: report.omitted })}</p> : null}
        </details>
      )}
    </div>
  );
}
