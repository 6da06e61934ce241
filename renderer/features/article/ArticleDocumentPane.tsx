import { useEffect } from "react";
import { useApp } from "../../store/StoreProvider.js";
import { selectDraftText } from "../../store/selectors.js";
import { DocumentPane } from "../common/DocumentPane.js";

/** The article's draft in the common document pane: hand edits only at PAUSE-3, sent as `edited_draft`. */
export function ArticleDocumentPane() {
  const live = useApp(selectDraftText);
  const streaming = useApp((s) => s.current.streamingSections !== null);
  const pausePoint = useApp((s) => s.current.pause?.pausePoint ?? null);
  const draftEdit = useApp((s) => s.draftEdit);
  const setDraftEdit = useApp((s) => s.setDraftEdit);
  // A stale hand edit is dropped once the run leaves PAUSE-3.
  useEffect(() => {
    if (pausePoint !== "draft_confirm") setDraftEdit(null);
  }, [pausePoint, setDraftEdit]);
  return <DocumentPane liveText={live} streaming={streaming} editable={pausePoint === "draft_confirm"} edit={draftEdit} onEdit={setDraftEdit} />;
}
