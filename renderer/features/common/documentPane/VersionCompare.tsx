import { lazy, Suspense } from "react";
import { useT } from "../../../store/StoreProvider.js";
import { useVersionText } from "../useDocumentVersions.js";
import { VersionDiff } from "../VersionDiff.js";
import { TrackedExportButton } from "../TrackedExportButton.js";
import { loadEditorModule } from "../editor/loadEditorModule.js";
import type { DiffLayout } from "./useVersionChoice.js";

// The inline (unified) diff is CodeMirror too: loaded with the editor's chunk, on demand.
const InlineDiff = lazy(() => loadEditorModule(() => import("../editor/InlineDiff.js")));

export interface VersionCompareProps {
  older: number;
  newer: number;
  layout: DiffLayout;
  onLayout(layout: DiffLayout): void;
  onRestore(number: number): Promise<void>;
}

/** Two versions compared, side by side or inline, with a tracked-changes export and restore of the older. */
export function VersionCompare({ older, newer, layout, onLayout, onRestore }: VersionCompareProps) {
  const t = useT();
  const olderText = useVersionText(older);
  const newerText = useVersionText(newer);
  if (olderText === null || newerText === null) return <p className="muted">{t("common.loading")}</p>;
  const olderLabel = t("draft.version", { n: older });
  const newerLabel = t("draft.version", { n: newer });
  return (
    <>
      <div className="toolbar toolbar--diff">
        <div className="segmented" role="tablist" aria-label={t("draft.diffLayout")}>
          <button type="button" role="tab" aria-selected={layout === "side"} onClick={() => onLayout("side")}>
            {t("draft.diffSide")}
          </button>
          <button type="button" role="tab" aria-selected={layout === "inline"} onClick={() => onLayout("inline")}>
            {t("draft.diffInline")}
          </button>
        </div>
        <span className="toolbar__spacer" />
        <TrackedExportButton from={older} to={newer} />
        <button type="button" className="btn btn--small" onClick={() => void onRestore(older)}>
          {t("draft.restoreN", { n: older })}
        </button>
      </div>
      {layout === "side" ? (
        <VersionDiff older={olderText} newer={newerText} olderLabel={olderLabel} newerLabel={newerLabel} />
      ) : (
        <Suspense fallback={<p className="muted">{t("common.loading")}</p>}>
          <InlineDiff older={olderText} newer={newerText} label={`${olderLabel} ↔ ${newerLabel}`} />
        </Suspense>
      )}
    </>
  );
}
