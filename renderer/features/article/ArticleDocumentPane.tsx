import { useFeatureT } from "../../i18n/useFeatureT.js";
import { useApp } from "../../store/StoreProvider.js";
import { selectDraftText } from "../../store/selectors.js";
import { EditableDocumentPane } from "../common/EditableDocumentPane.js";
import { articleMessages } from "./messages.js";

/** Pauses whose action carries a hand edit of the draft as `edited_draft`. */
const EDIT_PAUSES: ReadonlySet<string> = new Set(["draft_confirm", "review_confirm"]);

/**
 * The article's draft in the common editable document pane. Hand edits at PAUSE-3 and PAUSE-4 go
 * with the next action as `edited_draft`; after finalizing, "save as a version" stores the edit
 * (documents.edit, which reopens PAUSE-3, and the pane says so).
 */
export function ArticleDocumentPane() {
  const t = useFeatureT(articleMessages);
  const live = useApp(selectDraftText);
  const streaming = useApp((s) => s.current.streamingSections !== null);
  const pausePoint = useApp((s) => s.current.pause?.pausePoint ?? null);
  const finished = useApp((s) => s.current.doneSummary !== null);
  const editable = (pausePoint !== null && EDIT_PAUSES.has(pausePoint)) || (finished && pausePoint === null);
  // A hand edit after 定稿 reopens the article at 确认初稿, as a document management system returns an
  // approved document to draft when it changes: the final version is the one the user (and the editor)
  // signed off, and an edit nobody reviewed must not silently carry that mark. The user is told so
  // before saving (beside the button) and after (the new version's number and where the article stands).
  return (
    <EditableDocumentPane
      liveText={live}
      streaming={streaming}
      editable={editable}
      canSaveVersion={finished && pausePoint === null}
      saveLabel={t("article.saveVersion")}
      saveHint={t("article.saveVersionHint")}
      savedNotice={(n) => t("article.savedReopened", { n })}
    />
  );
}
