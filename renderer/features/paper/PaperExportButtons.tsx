import { useState } from "react";
import type { ExportFormat } from "../common/documentApi.js";
import { downloadExport } from "../common/exportDraft.js";
import { ReferenceStyleSelect, type ReferenceChoice } from "../common/ReferenceStyleSelect.js";
import { ExportTemplateSelect, useExportTemplate } from "../common/ExportTemplateSelect.js";
import { templateArgument } from "../common/exportTemplateChoice.js";
import { useApp } from "../../store/StoreProvider.js";
import type { PaperTranslate } from "./messages.js";

const FORMATS: ReadonlyArray<readonly [ExportFormat, "paper.exportAnswer.markdown" | "paper.exportAnswer.docx" | "paper.exportAnswer.html"]> = [
  ["docx", "paper.exportAnswer.docx"],
  ["html", "paper.exportAnswer.html"],
  ["markdown", "paper.exportAnswer.markdown"],
];

/** The session's latest answer as Word (page citations as footnotes), HTML (numbered notes) or Markdown, with the papers' reference list. */
export function PaperExportButtons({ t, sessionId }: { t: PaperTranslate; sessionId: string }) {
  const api = useApp((s) => s.api);
  // The labels (问题 / 参考文献) follow the app's language, not the answer's.
  const locale = useApp((s) => (s.locale.startsWith("zh") ? "zh" : "en"));
  const [references, setReferences] = useState<ReferenceChoice>({ referenceStyle: "gb-t-7714" });
  // The layout the user last chose in any document pane (Word only here: the answer has no PDF button).
  const [template, setTemplate, exportFailed] = useExportTemplate();
  const run = async (format: ExportFormat) => {
    const referenceLocale = references.referenceLocale ? { referenceLocale: references.referenceLocale } : {};
    const style = { referenceStyle: references.referenceStyle ?? "gb-t-7714", ...referenceLocale };
    try {
      downloadExport(await api.call("paper.export", { sessionId, format, locale, ...style, ...templateArgument(template, format) }));
    } catch (error) {
      exportFailed(error);
    }
  };
  return (
    <div className="btn-group" role="group" aria-label={t("paper.exportAnswer")} data-testid="paper-export">
      {FORMATS.map(([format, key]) => (
        <button key={format} type="button" className="btn btn--small" onClick={() => void run(format)}>
          {t(key)}
        </button>
      ))}
      <ReferenceStyleSelect value={references} onChange={setReferences} withPlain={false} />
      <ExportTemplateSelect value={template} onChange={setTemplate} />
    </div>
  );
}
