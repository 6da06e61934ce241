import { useApp, useT } from "../../../store/StoreProvider.js";
import { MarkdownView } from "../MarkdownView.js";
import { useDocumentVersions, useVersionText } from "../useDocumentVersions.js";
import { useFrameThrottled } from "../useFrameThrottled.js";
import { DocumentEditorSlot } from "../DocumentEditorSlot.js";
import type { DocumentPaneProps } from "./DocumentPaneProps.js";
import { useDocumentActions } from "./useDocumentActions.js";
import { usePaneMode } from "./usePaneMode.js";
import { useVersionChoice } from "./useVersionChoice.js";
import { useVersionShortcuts } from "./useVersionShortcuts.js";
import { DraftHeader } from "./DraftHeader.js";
import { VersionToolbar } from "./VersionToolbar.js";
import { VersionCompare } from "./VersionCompare.js";

/**
 * The document pane over the open session: the document streaming in, a rendered / editor switch,
 * the version switcher with a diff against the previous version, restore, and export.
 */
export function SessionDocumentPane({ title, liveText, streaming, editable, editNotAllowed, edit, onEdit, emptyText, toolbar }: DocumentPaneProps) {
  const t = useT();
  const sessionId = useApp((s) => s.current.sessionId);
  // The streamed draft reaches the screen at most once per frame, however fast chunks arrive.
  const live = useFrameThrottled(liveText);
  const actions = useDocumentActions(onEdit);
  const versions = useDocumentVersions(actions.restored);
  const [mode, setMode] = usePaneMode();
  const choice = useVersionChoice(versions);
  const { shown, viewingOld } = choice;
  useVersionShortcuts(versions, shown, choice.setSelected, setMode);
  const canEdit = editable && !streaming && !viewingOld;
  const selectedText = useVersionText(viewingOld ? choice.selected : null);
  const text = viewingOld ? (selectedText ?? "") : live;
  const olderNumber = choice.compare && shown !== null && shown > 1 ? shown - 1 : null;
  const heading = title ?? t("draft.title");

  return (
    <section className="pane pane--draft" aria-label={heading}>
      <DraftHeader title={heading} streaming={streaming} mode={mode} onMode={setMode} />
      {versions.length > 0 && <VersionToolbar versions={versions} choice={choice} onRestore={actions.restoreNumber} toolbar={toolbar} />}
      <div className="pane__body">
        {olderNumber !== null && shown !== null ? (
          <VersionCompare older={olderNumber} newer={shown} layout={choice.diffLayout} onLayout={choice.setDiffLayout} onRestore={actions.restoreNumber} />
        ) : mode === "editor" ? (
          <DocumentEditorSlot
            text={canEdit ? (edit ?? text) : text}
            readOnly={!canEdit}
            notice={canEdit ? null : (editNotAllowed ?? t("draft.editNotAllowed"))}
            versionKey={`${sessionId ?? ""}:${shown ?? 0}`}
            onChange={(next) => onEdit(next)}
            onRewrite={actions.onRewrite}
            onAccepted={(next) => void actions.onAccepted(next)}
          />
        ) : text ? (
          <MarkdownView markdown={canEdit && edit !== null ? edit : text} />
        ) : (
          <p className="empty empty--draft">{emptyText ?? t("draft.empty")}</p>
        )}
      </div>
    </section>
  );
}
