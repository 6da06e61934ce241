import { useState } from "react";
import type { MessageKey } from "../../i18n/translate.js";
import { useT } from "../../store/StoreProvider.js";

export type ExportTemplateName = "default" | "gb-t-9704";
const KEY = "scriptorium.exportTemplate";
const CHOICES: ReadonlyArray<readonly [ExportTemplateName, MessageKey]> = [
  ["default", "export.template.default"],
  ["gb-t-9704", "export.template.gbt9704"],
];

/** The layout of the last export (remembered in this browser); a storage that refuses is ignored. */
export function useExportTemplate(): [ExportTemplateName, (name: ExportTemplateName) => void] {
  const [name, setName] = useState<ExportTemplateName>(() => {
    try {
      return globalThis.localStorage?.getItem(KEY) === "gb-t-9704" ? "gb-t-9704" : "default";
    } catch {
      return "default";
    }
  });
  const choose = (next: ExportTemplateName) => {
    setName(next);
    try {
      globalThis.localStorage?.setItem(KEY, next);
    } catch {
      // Private mode or a full quota: the choice holds for this page only.
    }
  };
  return [name, choose];
}

/** The DOCX / PDF layout of an export: the plain one, or the GB/T 9704 official-document layout. */
export function ExportTemplateSelect({ value, onChange }: { value: ExportTemplateName; onChange(name: ExportTemplateName): void }) {
  const t = useT();
  return (
    <select
      className="input input--small"
      aria-label={t("export.template")}
      title={t("export.template")}
      data-testid="export-template"
      value={value}
      onChange={(e) => onChange(e.target.value === "gb-t-9704" ? "gb-t-9704" : "default")}
    >
      {CHOICES.map(([id, key]) => (
        <option key={id} value={id}>
          {t(key)}
        </option>
      ))}
    </select>
  );
}
