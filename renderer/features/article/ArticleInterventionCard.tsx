import type { PauseEntry } from "../../store/sessionView.js";
import { useApp, useT } from "../../store/StoreProvider.js";
import { InterventionCard } from "../common/InterventionCard.js";

/** Article actions that need the user's notes before they can be sent. */
const NEEDS_NOTES: ReadonlySet<string> = new Set(["user_revise", "custom_revise"]);
/** The action styled as the primary choice at each pause. */
const PRIMARY: ReadonlySet<string> = new Set(["finalize", "accept_review"]);

/** PAUSE-3 / PAUSE-4: the common card, sending the user's hand edit of the draft as `edited_draft`. */
export function ArticleInterventionCard({ pause }: { pause: PauseEntry }) {
  const t = useT();
  const draft = useApp((s) => s.current.draft);
  const draftEdit = useApp((s) => s.draftEdit);
  const setDraftEdit = useApp((s) => s.setDraftEdit);
  const editedDraft = pause.pausePoint === "draft_confirm" && draftEdit !== null && draftEdit !== draft ? draftEdit : null;
  return (
    <InterventionCard
      pause={pause}
      needsNotes={NEEDS_NOTES}
      notesField="user_revision_notes"
      primary={PRIMARY}
      extraPayload={() => (editedDraft !== null ? { edited_draft: editedDraft } : {})}
      notice={editedDraft !== null ? <p className="notice">{t("intervene.editedDraft")}</p> : null}
      onResumed={() => setDraftEdit(null)}
    />
  );
}
