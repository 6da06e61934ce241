import type { ReactNode } from "react";
import { useApp, useT } from "../../../store/StoreProvider.js";
import { translateOr } from "../../../i18n/defineMessages.js";
import { shortcutAria, shortcutText } from "../../../components/shortcuts.js";
import type { DocumentVersion } from "../documentApi.js";
import { ExportButtons } from "../ExportButtons.js";
import type { VersionChoice } from "./useVersionChoice.js";

export interface VersionToolbarProps {
  versions: DocumentVersion[];
  choice: VersionChoice;
  onRestore(number: number): Promise<void>;
  /** The feature's own buttons, before the export buttons. */
  toolbar?: ReactNode;
}

/** The version switcher (with reason, length and score of each), compare, restore and export. */
export function VersionToolbar({ versions, choice, onRestore, toolbar }: VersionToolbarProps) {
  const t = useT();
  const locale = useApp((s) => s.locale);
  const { shown, compare } = choice;
  return (
    <div className="toolbar toolbar--versions">
      <label className="inline-field">
        <span>{t("draft.versions")}</span>
        <select
          className="input input--small"
          value={shown ?? ""}
          title={t("draft.versionKeys", { prev: shortcutText("previousVersion"), next: shortcutText("nextVersion") })}
          aria-keyshortcuts={`${shortcutAria("previousVersion")} ${shortcutAria("nextVersion")}`}
          onChange={(e) => choice.setSelected(Number(e.target.value))}
        >
          {versions.map((v) => (
            <option key={v.number} value={v.number}>
              {t("draft.version", { n: v.number })} · {translateOr(locale, `draft.reason.${v.reason}`)} · {t("draft.chars", { n: v.chars })}
              {v.scores ? ` · ${Math.round(v.scores.overall)}` : ""}
            </option>
          ))}
        </select>
      </label>
      {shown !== null && shown > 1 && (
        <button type="button" className="btn btn--small" aria-pressed={compare} onClick={() => choice.setCompare(!compare)}>
          {compare ? t("draft.hideCompare") : t("draft.compare")}
        </button>
      )}
      {choice.viewingOld && shown !== null && (
        <button type="button" className="btn btn--small" onClick={() => void onRestore(shown)}>
          {t("draft.restore")}
        </button>
      )}
      <span className="toolbar__spacer" />
      {toolbar}
      <ExportButtons number={shown} />
    </div>
  );
}
