import { useRef, useState } from "react";
import type { MessageKey } from "../../i18n/translate.js";
import { useApp, useT } from "../../store/StoreProvider.js";
import { HiddenFileInput } from "./HiddenFileInput.js";
import { pathForChosenFile } from "./pathForChosenFile.js";
import { DEFAULT_TEMPLATE, readExportTemplate, templateProblem, writeExportTemplate, type ExportTemplateChoice } from "./exportTemplateChoice.js";

export type { ExportTemplateChoice } from "./exportTemplateChoice.js";
const BUILTIN: ReadonlyArray<readonly [string, MessageKey]> = [
  ["default", "export.template.default"],
  ["gb-t-9704", "export.template.gbt9704"],
];
/** The option that opens the file picker (never a stored value). */
const PICK = "pick-reference-docx";

/**
 * The layout of the last export (remembered in this browser), a built-in name or a user's reference.docx,
 * and the way to report a failed export: a reference.docx the engine cannot read any more is named
 * as the user picked it and the layout falls back to default.
 */
export function useExportTemplate(): [ExportTemplateChoice, (choice: ExportTemplateChoice) => void, (error: unknown) => void] {
  const pushError = useApp((s) => s.pushError);
  const [choice, setChoice] = useState<ExportTemplateChoice>(readExportTemplate);
  const choose = (next: ExportTemplateChoice) => {
    setChoice(next);
    writeExportTemplate(next);
  };
  const failed = (error: unknown) => {
    const problem = templateProblem(error, choice);
    if (problem) choose(DEFAULT_TEMPLATE);
    pushError(problem ?? error);
  };
  return [choice, choose, failed];
}

/**
 * The DOCX / PDF layout of an export: the plain one, the GB/T 9704 official-document layout, or the
 * user's own reference.docx (its styles, pandoc-style) — picked by path in the desktop app, uploaded
 * to the server's data dir in browser mode.
 */
export function ExportTemplateSelect({ value, onChange }: { value: ExportTemplateChoice; onChange(choice: ExportTemplateChoice): void }) {
  const t = useT();
  const pushError = useApp((s) => s.pushError);
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File) => {
    setBusy(true);
    try {
      onChange({ template: await pathForChosenFile(file), fileName: file.name });
    } catch (error) {
      pushError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <select
        className="input input--small"
        aria-label={t("export.template")}
        title={value.fileName ? `${t("export.template")}: ${value.fileName}` : t("export.template")}
        data-testid="export-template"
        value={value.template}
        disabled={busy}
        onChange={(e) => {
          const next = e.target.value;
          if (next === PICK) fileInput.current?.click();
          else onChange(next === value.template ? value : { template: next === "gb-t-9704" ? "gb-t-9704" : "default" });
        }}
      >
        {BUILTIN.map(([id, key]) => (
          <option key={id} value={id}>
            {t(key)}
          </option>
        ))}
        {value.fileName && <option value={value.template}>{t("export.template.mine", { name: value.fileName })}</option>}
        <option value={PICK}>{t("export.template.pick")}</option>
      </select>
      <HiddenFileInput inputRef={fileInput} accept=".docx" label={t("export.template.pick")} onFile={(file) => void pick(file)} />
    </>
  );
}
