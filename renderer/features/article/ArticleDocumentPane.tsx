import { useEffect, useState } from "react";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { useApp } from "../../store/StoreProvider.js";
import { selectDraftText } from "../../store/selectors.js";
import { DocumentPane } from "../common/DocumentPane.js";
import { documentApi } from "../common/documentApi.js";
import { articleMessages } from "./messages.js";
import { clearUnsentEdit, loadUnsentEdit, saveUnsentEdit } from "./unsentEdit.js";

/** Pauses whose action carries a hand edit of the draft as `edited_draft`. */
const EDIT_PAUSES: ReadonlySet<string> = new Set(["draft_confirm", "review_confirm"]);

/**
 * The article's draft in the common document pane. Hand edits at PAUSE-3 and PAUSE-4 go with the
 * next action as `edited_draft`; after finalizing, "save as a version" stores the edit
 * (documents.edit, which reopens PAUSE-3). An unsent edit is autosaved per session, so a reload keeps it.
 */
export function ArticleDocumentPane() {
  const t = useFeatureT(articleMessages);
  const api = useApp((s) => s.api);
  const pushError = useApp((s) => s.pushError);
  const sessionId = useApp((s) => s.current.sessionId);
  const live = useApp(selectDraftText);
  const streaming = useApp((s) => s.current.streamingSections !== null);
  const pausePoint = useApp((s) => s.current.pause?.pausePoint ?? null);
  const finished = useApp((s) => s.current.doneSummary !== null);
  const draftEdit = useApp((s) => s.draftEdit);
  const setDraftEdit = useApp((s) => s.setDraftEdit);
  const [saving, setSaving] = useState(false);
  const editable = (pausePoint !== null && EDIT_PAUSES.has(pausePoint)) || (finished && pausePoint === null);

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
      await documentApi.edit(api, sessionId, draftEdit);
      onEdit(null);
    } catch (error) {
      pushError(error);
    } finally {
      setSaving(false);
    }
  };
  const toolbar =
    finished && pausePoint === null && draftEdit !== null && draftEdit !== live ? (
      <button type="button" className="btn btn--small btn--primary" disabled={saving} onClick={() => void saveVersion()}>
        {t("article.saveVersion")}
      </button>
    ) : null;
  return <DocumentPane liveText={live} streaming={streaming} editable={editable} edit={draftEdit} onEdit={onEdit} toolbar={toolbar} />;
}
