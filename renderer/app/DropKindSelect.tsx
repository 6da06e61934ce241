import { useApp, useT } from "../store/StoreProvider.js";
import type { MessageKey } from "../i18n/translate.js";
import { resolveLabel } from "../i18n/defineMessages.js";
import { SHELL_DROP_KINDS, type DroppedFile, type DropKind } from "./dropImport.js";
import { featureDropTargets } from "./featureDropTargets.js";

/** What one dropped file is imported as: the shell's kinds, then the features'. */
export function DropKindSelect({ file, onKind }: { file: DroppedFile; onKind(kind: DropKind): void }) {
  const t = useT();
  const locale = useApp((s) => s.locale);
  return (
    <select
      className="input input--small"
      aria-label={t("drop.kindOf", { name: file.name })}
      value={file.kind}
      onChange={(e) => onKind(e.target.value as DropKind)}
    >
      {SHELL_DROP_KINDS.map((k) => (
        <option key={k} value={k}>
          {t(`drop.kind.${k}` as MessageKey)}
        </option>
      ))}
      {featureDropTargets().map((target) => (
        <option key={target.kind} value={target.kind}>
          {resolveLabel(target.label, t, locale)}
        </option>
      ))}
    </select>
  );
}
