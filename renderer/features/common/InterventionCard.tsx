import { useState } from "react";
import type { ArticleAction, ArticleResume } from "../../../shared/article.js";
import type { PauseEntry } from "../../store/sessionView.js";
import { useApp, useT } from "../../store/StoreProvider.js";
import type { MessageKey } from "../../i18n/translate.js";

/** Actions that need the user's notes before they can be sent. */
const NEEDS_NOTES = new Set(["user_revise", "custom_revise"]);
/** The action styled as the primary choice at each pause. */
const PRIMARY = new Set(["finalize", "accept_review"]);

/** PAUSE-3 / PAUSE-4: exactly the actions the pause allows, with a notes box where one is needed. */
export function InterventionCard({ pause }: { pause: PauseEntry }) {
  const t = useT();
  const resume = useApp((s) => s.resume);
  const pushError = useApp((s) => s.pushError);
  const draft = useApp((s) => s.current.draft);
  const draftEdit = useApp((s) => s.draftEdit);
  const setDraftEdit = useApp((s) => s.setDraftEdit);
  const [notes, setNotes] = useState("");
  const [busy, setBusy] = useState(false);
  const actions = pause.allowedActions as ArticleAction[];
  const hasNotes = actions.some((a) => NEEDS_NOTES.has(a));
  const editedDraft = pause.pausePoint === "draft_confirm" && draftEdit !== null && draftEdit !== draft ? draftEdit : null;
  const forced = pause.context.force_accepted_after;

  const act = async (action: ArticleAction) => {
    if (NEEDS_NOTES.has(action) && !notes.trim()) {
      pushError({ code: "bad_request", message: t("intervene.needNotes") });
      return;
    }
    const payload: ArticleResume = { action };
    if (NEEDS_NOTES.has(action)) payload.user_revision_notes = notes.trim();
    if (editedDraft !== null) payload.edited_draft = editedDraft;
    setBusy(true);
    const ok = await resume(payload);
    setBusy(false);
    if (ok) setDraftEdit(null);
  };

  return (
    <section className="card card--pause" aria-label={t(`pause.${pause.pausePoint}` as MessageKey)}>
      <header className="card__header">
        <h3>{t(`pause.${pause.pausePoint}` as MessageKey)}</h3>
      </header>
      {forced !== undefined && (
        <p className="notice notice--warn" role="status">
          {t("intervene.forceAccepted")}
          {t("intervene.forceAcceptedRounds", { n: forced })}
        </p>
      )}
      {editedDraft !== null && <p className="notice">{t("intervene.editedDraft")}</p>}
      {hasNotes && (
        <label className="field">
          <span className="field__label">{t("intervene.notes")}</span>
          <textarea className="input" rows={3} placeholder={t("intervene.notesPlaceholder")} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </label>
      )}
      <footer className="card__actions">
        {actions.map((action) => (
          <button key={action} type="button" className={`btn${PRIMARY.has(action) ? " btn--primary" : ""}`} disabled={busy} onClick={() => void act(action)}>
            {t(`action.${action}` as MessageKey)}
          </button>
        ))}
      </footer>
    </section>
  );
}
