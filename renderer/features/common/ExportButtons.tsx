import { useState } from "react";
import { useApp, useT } from "../../store/StoreProvider.js";
import { ExportTemplateSelect, useExportTemplate } from "./ExportTemplateSelect.js";
import { ReferenceStyleSelect, type ReferenceChoice } from "./ReferenceStyleSelect.js";
import { downloadExport } from "./exportDraft.js";
import { templateArgument } from "./exportTemplateChoice.js";
import { documentApi, type ExportFormat } from "./documentApi.js";
import type { MessageKey } from "../../i18n/translate.js";

const FORMATS: ReadonlyArray<readonly [ExportFormat, MessageKey]> = [
  ["markdown", "draft.exportMarkdown"],
  ["docx", "draft.exportDocx"],
  ["html", "draft.exportHtml"],
  ["pdf", "draft.exportPdf"],
];

/**
 * Markdown / DOCX / HTML / PDF export of one version of the open session's document (the latest
 * when `number` is null), its reference list in the chosen style.
 */
export function ExportButtons({ number }: { number: number | null }) {
  const t = useT();
  const api = useApp((s) => s.api);
  const sessionId = useApp((s) => s.current.sessionId);
  const locale = useApp((s) => (s.locale.startsWith("zh") ? "zh" : "en"));
  const [references, setReferences] = useState<ReferenceChoice>({});
  const [template, setTemplate, exportFailed] = useExportTemplate();
  const run = async (format: ExportFormat) => {
    if (!sessionId) return;
    try {
      downloadExport(await documentApi.export(api, sessionId, format, number, { ...references, ...templateArgument(template, format), locale }));
    } catch (error) {
      exportFailed(error);
    }
  };
  return (
    <div className="btn-group" role="group" aria-label={t("draft.export")}>
      {FORMATS.map(([format, key]) => (
        <button key={format} type="button" className="btn btn--small" onClick={() => void run(format)}>
          {t(key)}
        </button>
      ))}
      <ReferenceStyleSelect value={references} onChange={setReferences} />
      <ExportTemplateSelect value={template} onChange={setTemplate} />
    </div>
  );
}
