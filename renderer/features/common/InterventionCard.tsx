import { useState, type ReactNode } from "react";
import type { PauseEntry } from "../../store/sessionView.js";
import type { ResumePayload } from "../../store/types.js";
import { useApp, useT } from "../../store/StoreProvider.js";
import { actionLabel, pauseLabel } from "../../i18n/defineMessages.js";
import { shortcutAria, shortcutText } from "../../components/shortcuts.js";

export interface InterventionCardProps {
  pause: PauseEntry;
  /** Actions that need the user's notes first; the notes go in the payload under `notesField`. */
  needsNotes?: ReadonlySet<string>;
  /** Payload field the notes are sent in (article: `user_revision_notes`). */
  notesField?: string;
  /** Actions styled as the primary choice (the first one also answers Ctrl/⌘+Enter). */
  primary?: ReadonlySet<string>;
  /** Extra payload fields sent with an action (article: `edited_draft`, `accepted_issues` with accept_review). */
  extraPayload?: (action: string) => Record<string, unknown>;
  /** A notice above the actions (e.g. "your edit goes with the next action"). */
  notice?: ReactNode;
  /** Called after the engine accepted the action. */
  onResumed?: () => void;
  /** Action label; default: the workflow's registered `<workflow>.action.<name>`, else the raw name. */
  label?: (action: string) => string;
  /** The question to ask in the confirmation dialog before an irreversible action is sent, or null for none. */
  confirm?: (action: string) => { message: string; confirmLabel: string } | null;
}

/**
 * A pause card for any workflow: exactly the actions the pause allows, a notes box when one of
 * them needs notes, and the "force-accepted after N rounds" notice the engine sends.
 */
export function InterventionCard({ pause, needsNotes = new Set(), notesField = "notes", primary = new Set(), extraPayload, notice, onResumed, label, confirm }: InterventionCardProps) {
  const t = useT();
  const locale = useApp((s) => s.locale);
  const resume = useApp((s) => s.resume);
  const pushError = useApp((s) => s.pushError);
  const askConfirm = useApp((s) => s.askConfirm);
  const [notes, setNotes] = useState("");
  const [busy, setBusy] = useState(false);
  const actions = pause.allowedActions;
  const hasNotes = actions.some((a) => needsNotes.has(a));
  const forced = (pause.context as { force_accepted_after?: number }).force_accepted_after;
  const workflow = useApp((s) => s.current.workflow);
  const title = pauseLabel(locale, workflow, pause.pausePoint);
  const nameOf = label ?? ((action: string) => actionLabel(locale, workflow, action));
  const firstPrimary = actions.find((a) => primary.has(a));

  const act = async (action: string) => {
    if (needsNotes.has(action) && !notes.trim()) {
      pushError({ code: "bad_request", message: t("intervene.needNotes") });
      return;
    }
    const question = confirm?.(action);
    if (question && !(await askConfirm(question))) return;
    const payload: Record<string, unknown> = { action, ...(extraPayload?.(action) ?? {}) };
    if (needsNotes.has(action)) payload[notesField] = notes.trim();
    setBusy(true);
    const ok = await resume(payload as ResumePayload);
    setBusy(false);
    if (ok) onResumed?.();
  };

  return (
    <section
      className="card card--pause"
      aria-label={title}
      data-pause-card=""
      onKeyDown={(e) => {
        // Ctrl/⌘+Enter confirms with the primary action, from the notes box too.
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && firstPrimary && !busy) {
          e.preventDefault();
          void act(firstPrimary);
        }
      }}
    >
      <header className="card__header">
        <h3>{title}</h3>
      </header>
      {forced !== undefined && (
        <p className="notice notice--warn" role="status">
          {t("intervene.forceAccepted")}
          {t("intervene.forceAcceptedRounds", { n: forced })}
        </p>
      )}
      {notice}
      {hasNotes && (
        <label className="field">
          <span className="field__label">{t("intervene.notes")}</span>
          <textarea className="input" rows={3} placeholder={t("intervene.notesPlaceholder")} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </label>
      )}
      <footer className="card__actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`btn${primary.has(action) ? " btn--primary" : ""}`}
            disabled={busy}
            title={action === firstPrimary ? `${nameOf(action)} (${shortcutText("confirm")})` : undefined}
            aria-keyshortcuts={action === firstPrimary ? shortcutAria("confirm") : undefined}
            onClick={() => void act(action)}
          >
            {nameOf(action)}
          </button>
        ))}
      </footer>
    </section>
  );
}
