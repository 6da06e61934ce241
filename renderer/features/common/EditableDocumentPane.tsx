import { useEffect, useState, type ReactNode } from "react";
import { useApp, useT } from "../../store/StoreProvider.js";
import { DocumentPane, type DocumentPaneProps } from "./DocumentPane.js";
import { documentApi } from "./documentApi.js";
import { clearUnsentEdit, loadUnsentEdit, saveUnsentEdit } from "./unsentEdit.js";

export interface EditableDocumentPaneProps extends Omit<DocumentPaneProps, "edit" | "onEdit"> {
  /** True when a hand edit may be stored as a new version now: the toolbar offers "save as a version". */
  canSaveVersion: boolean;
  /** The save button's label (default: the shared "保存为新版本"). */
  saveLabel?: string;
  /** More toolbar content, after the save button. */
  toolbar?: ReactNode;
  /** What saving does beyond storing the version (shown beside the save button), e.g. that a finished article reopens. */
  saveHint?: string;
  /** The line shown after a save, by the new version's number. */
  savedNotice?: (version: number) => string;
}

/**
 * The document pane with the user's hand edit: kept in the store's `draftEdit`, autosaved per
 * session (a reload keeps an unsent edit), and stored as a new version (`documents.edit`) with the
 * toolbar's save button when `canSaveVersion`. Every workflow that writes a document uses it, so a
 * finished article, a generated document and a reviewed one are edited the same way.
 */
export function EditableDocumentPane({ canSaveVersion, saveLabel, toolbar, saveHint, savedNotice, ...pane }: EditableDocumentPaneProps) {
  const t = useT();
  const api = useApp((s) => s.api);
  const pushError = useApp((s) => s.pushError);
  const sessionId = useApp((s) => (pane.workflow === undefined || s.current.workflow === pane.workflow ? s.current.sessionId : null));
  const draftEdit = useApp((s) => s.draftEdit);
  const setDraftEdit = useApp((s) => s.setDraftEdit);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<{ sessionId: string; version: number } | null>(null);

  // Opening a session brings back its unsent edit, if one was autosaved.
  useEffect(() => {
    setDraftEdit(sessionId ? loadUnsentEdit(sessionId) : null);
  }, [sessionId, setDraftEdit]);
  // Every keystroke's text is autosaved for this session; clearing the edit clears it.
  const onEdit = (text: string | null) => {
    setDraftEdit(text);
    if (!sessionId) return;
    if (text === null) clearUnsentEdit(sessionId);
    else saveUnsentEdit(sessionId, text);
  };

  const saveVersion = async () => {
    if (!sessionId || draftEdit === null) return;
    setSaving(true);
    try {
      const { version } = await documentApi.edit(api, sessionId, draftEdit);
      onEdit(null);
      setSaved({ sessionId, version: version.number });
    } catch (error) {
      pushError(error);
    } finally {
      setSaving(false);
    }
  };
  const notice = saved && savedNotice && saved.sessionId === sessionId && draftEdit === null ? savedNotice(saved.version) : null;
  const save =
    canSaveVersion && draftEdit !== null && draftEdit !== pane.liveText ? (
      <>
        <button type="button" className="btn btn--small btn--primary" disabled={saving} onClick={() => void saveVersion()}>
          {saveLabel ?? t("draft.saveVersion")}
        </button>
        {saveHint && <span className="muted small draft-save-hint">{saveHint}</span>}
      </>
    ) : notice ? (
      <span className="muted small draft-save-notice" role="status">
        {notice}
      </span>
    ) : null;
  return (
    <DocumentPane
      {...pane}
      edit={draftEdit}
      onEdit={onEdit}
      toolbar={
        save || toolbar ? (
          <>
            {save}
            {toolbar}
          </>
        ) : null
      }
    />
  );
}
