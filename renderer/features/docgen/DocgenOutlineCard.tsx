import { useState } from "react";
import type { DocOutline } from "../../../shared/workflows/docgen.js";
import type { PauseEntry } from "../../store/sessionView.js";
import type { ResumePayload } from "../../store/types.js";
import { useApp } from "../../store/StoreProvider.js";
import { OutlineList } from "../common/outline/OutlineList.js";
import { useOutlineEditor } from "../common/outline/useOutlineEditor.js";
import type { DocgenTranslate } from "./messages.js";

type Section = DocOutline["sections"][number];

/** Sections an outline may have (the contract's DocOutlineSchema). */
const MAX_SECTIONS = 12;

/** The outline as the engine takes it: titles and scopes trimmed (blank or repeated titles are refused there, with the field named). */
export function cleanedOutline(outline: DocOutline): DocOutline {
  return { title: outline.title.trim(), sections: outline.sections.map((s) => ({ title: s.title.trim(), scope: s.scope.trim() })) };
}

/**
 * The doc generator's outline pause, with the article's outline editor: retitle, edit each
 * section's title and scope, reorder, add and remove sections, then write from it (the edit goes as
 * `edited_outline`); or regenerate it with the user's feedback.
 */
export function DocgenOutlineCard({ t, pause }: { t: DocgenTranslate; pause: PauseEntry }) {
  const resume = useApp((s) => s.resume);
  const original = (pause.context as { outline?: DocOutline }).outline ?? null;
  const editor = useOutlineEditor<Section>(original);
  const [feedback, setFeedback] = useState("");
  const [busy, setBusy] = useState(false);
  const { outline, edited, allOpen } = editor;
  if (!outline) return null;
  const act = async (payload: Record<string, unknown>) => {
    setBusy(true);
    await resume(payload as ResumePayload);
    setBusy(false);
  };
  return (
    <section className="card card--pause" aria-label={t("docgen.pause.outline_confirm")} data-pause-card="">
      <header className="card__header">
        <h3>{t("docgen.pause.outline_confirm")}</h3>
        <span className="muted small">{t("docgen.outline.card")}</span>
        {edited && <span className="badge badge--accent">{t("docgen.outline.edited")}</span>}
        <button type="button" className="link-button outline__expand-all" aria-expanded={allOpen} onClick={() => editor.setAllOpen(!allOpen)}>
          [{allOpen ? `${t("docgen.outline.collapseAll")}▲` : `${t("docgen.outline.expandAll")}▼`}]
        </button>
      </header>
      <label className="field">
        <span className="field__label">{t("docgen.outline.docTitle")}</span>
        <input className="input input--title" value={outline.title} onChange={(e) => editor.setTitle(e.target.value)} />
      </label>
      <OutlineList
        editor={editor}
        titleOf={(s) => s.title}
        withTitle={(s, title) => ({ ...s, title })}
        renderDetails={(section, i, onChange) => (
          <label className="field docgen-outline__scope">
            <span className="field__label">{t("docgen.outline.scope", { n: i + 1 })}</span>
            <textarea className="input" rows={2} maxLength={400} value={section.scope} onChange={(e) => onChange({ ...section, scope: e.target.value })} />
          </label>
        )}
        labels={{ sectionTitle: (n) => t("docgen.outline.sectionTitle", { n }), removeSection: t("docgen.outline.removeSection") }}
      />
      <button type="button" className="btn btn--small" disabled={outline.sections.length >= MAX_SECTIONS} onClick={() => editor.add({ title: t("docgen.outline.section", { n: outline.sections.length + 1 }), scope: "" })}>
        + {t("docgen.outline.addSection")}
      </button>
      <footer className="card__actions card__actions--stack">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void act(edited ? { action: "confirm", edited_outline: cleanedOutline(outline) } : { action: "confirm" })}>
          {edited ? t("docgen.outline.confirmEdited") : t("docgen.action.confirm")}
        </button>
        <div className="replan">
          <label className="field">
            <span className="field__label">{t("docgen.outline.feedback")}</span>
            <textarea className="input" rows={2} maxLength={2000} placeholder={t("docgen.outline.feedbackPlaceholder")} value={feedback} onChange={(e) => setFeedback(e.target.value)} />
          </label>
          <button type="button" className="btn" disabled={busy} onClick={() => void act(feedback.trim() ? { action: "regenerate", feedback: feedback.trim() } : { action: "regenerate" })}>
            {t("docgen.action.regenerate")}
          </button>
        </div>
      </footer>
    </section>
  );
}
