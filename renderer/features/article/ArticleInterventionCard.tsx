import { useState } from "react";
import { reviewIssues } from "../../../shared/workflows/article.js";
import type { Review } from "../../../shared/workflows/article.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import type { PauseEntry } from "../../store/sessionView.js";
import type { ResumePayload } from "../../store/types.js";
import { useApp } from "../../store/StoreProvider.js";
import { InterventionCard } from "../common/InterventionCard.js";
import { sectionTitles } from "./articleText.js";
import { wordCount } from "../../../shared/text/countText.js";
import { articleMessages } from "./messages.js";
import { clearUnsentEdit } from "../common/unsentEdit.js";
import { UngroundedSentences, type UngroundedSentence } from "./UngroundedSentences.js";

/** Article actions that need the user's notes before they can be sent. */
const NEEDS_NOTES: ReadonlySet<string> = new Set(["user_revise", "custom_revise"]);
/** The action styled as the primary choice at each pause. */
const PRIMARY: ReadonlySet<string> = new Set(["finalize", "accept_review"]);
/** Actions that end the revision loop for good: asked again in the confirmation dialog. */
const IRREVERSIBLE: ReadonlySet<string> = new Set(["force_finalize"]);
/** Actions with a control of their own on this card (not a plain button). */
const OWN_CONTROL = "regenerate_section";

/**
 * PAUSE-3 / PAUSE-4: the common card, sending the user's hand edit of the draft as `edited_draft`;
 * PAUSE-3 shows `共 N 字 · 编辑评分 X（通过线 Y）` and lets one section be rewritten; PAUSE-4 lets the
 * writer accept or reject each editor issue (only the accepted ones go to the writer).
 */
export function ArticleInterventionCard({ pause }: { pause: PauseEntry }) {
  const t = useFeatureT(articleMessages);
  const draft = useApp((s) => s.current.draft);
  const draftEdit = useApp((s) => s.draftEdit);
  const setDraftEdit = useApp((s) => s.setDraftEdit);
  const threshold = useApp((s) => s.settings?.article.reviewThreshold ?? null);
  const resume = useApp((s) => s.resume);
  const pushError = useApp((s) => s.pushError);
  const sessionId = useApp((s) => s.current.sessionId);
  // The edit went with the action: it is no longer unsent (the autosave goes too).
  const sent = () => {
    setDraftEdit(null);
    if (sessionId) clearUnsentEdit(sessionId);
  };
  const context = pause.context as { draft?: string; review?: Review; ungrounded_sentences?: UngroundedSentence[] };
  const review = context.review;
  const issues = review ? reviewIssues(review) : [];
  const [accepted, setAccepted] = useState<Set<number>>(() => new Set(issues.map((_, i) => i)));
  const [section, setSection] = useState(0);
  const [notes, setNotes] = useState("");
  const [busy, setBusy] = useState(false);
  const editedDraft = draftEdit !== null && draftEdit !== draft ? draftEdit : null;
  const atDraft = pause.pausePoint === "draft_confirm";
  const atReview = pause.pausePoint === "review_confirm";
  const text = editedDraft ?? context.draft ?? draft ?? "";
  const titles = sectionTitles(text);

  const extraPayload = (action: string): Record<string, unknown> => {
    const extra: Record<string, unknown> = editedDraft !== null ? { edited_draft: editedDraft } : {};
    if (action === "accept_review" && issues.length > 0 && accepted.size < issues.length) extra.accepted_issues = [...accepted].sort((a, b) => a - b);
    return extra;
  };
  const regenerate = async () => {
    setBusy(true);
    const payload = { action: "regenerate_section", section_index: section, ...(notes.trim() ? { notes: notes.trim() } : {}), ...extraPayload("regenerate_section") };
    const ok = await resume(payload as ResumePayload);
    setBusy(false);
    if (ok) sent();
  };
  const toggle = (index: number) => {
    const next = new Set(accepted);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    setAccepted(next);
  };
  const passMark = review?.threshold ?? threshold ?? 0;
  const stats = atDraft ? (review ? t("article.draftStats", { n: wordCount(text), x: review.overall, y: passMark }) : t("article.draftStatsUnreviewed", { n: wordCount(text), y: passMark })) : null;

  return (
    <>
      <InterventionCard
        pause={{ ...pause, allowedActions: pause.allowedActions.filter((a) => a !== OWN_CONTROL) }}
        needsNotes={NEEDS_NOTES}
        notesField="user_revision_notes"
        primary={PRIMARY}
        extraPayload={extraPayload}
        confirm={(action) => (IRREVERSIBLE.has(action) ? { message: t("article.forceFinalizeConfirm"), confirmLabel: t("article.action.force_finalize") } : null)}
        notice={
          <>
            {stats && (
              <p className="card__lead" data-draft-stats="">
                {stats}
              </p>
            )}
            {atDraft && <UngroundedSentences sentences={context.ungrounded_sentences ?? []} />}
            {editedDraft !== null && <p className="notice">{t("article.intervene.editedDraft")}</p>}
            {atReview && issues.length > 0 && (
              <fieldset className="issue-picks" data-issue-picks="">
                <legend>{t("article.acceptIssues", { k: accepted.size, n: issues.length })}</legend>
                {issues.map((issue, index) => (
                  <label key={index} className="issue-pick">
                    <input type="checkbox" checked={accepted.has(index)} onChange={() => toggle(index)} aria-label={t("article.acceptIssue", { issue: issue.issue })} />
                    <span className={`tag tag--${issue.severity}`}>{issue.location}</span> {issue.issue}
                  </label>
                ))}
                {accepted.size === 0 && <p className="notice notice--warn">{t("article.noIssueAccepted")}</p>}
              </fieldset>
            )}
          </>
        }
        onResumed={sent}
      />
      {atDraft && pause.allowedActions.includes(OWN_CONTROL) && (
        <section className="card card--regenerate" aria-label={t("article.regenerate")} data-regenerate-card="">
          <div className="toolbar">
            <label className="field field--inline">
              <span className="field__label">{t("article.regenerateSection")}</span>
              <select className="input input--small" value={section} onChange={(e) => setSection(Number(e.target.value))}>
                {titles.map((title, index) => (
                  <option key={index} value={index}>
                    {index + 1}. {title}
                  </option>
                ))}
              </select>
            </label>
            <input className="input input--small" aria-label={t("article.regenerateNotes")} placeholder={t("article.regenerateNotes")} value={notes} onChange={(e) => setNotes(e.target.value)} />
            <button
              type="button"
              className="btn btn--small"
              disabled={busy}
              onClick={() => {
                if (section >= titles.length) pushError({ code: "bad_request", message: t("article.regenerateSection") });
                else void regenerate();
              }}
            >
              {t("article.regenerate")}
            </button>
          </div>
        </section>
      )}
    </>
  );
}
