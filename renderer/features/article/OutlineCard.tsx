import { useState } from "react";
import { articleMessages } from "./messages.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import type { Outline } from "../../../shared/workflows/article.js";
import type { PauseEntry } from "../../store/sessionView.js";
import { useApp } from "../../store/StoreProvider.js";
import { OutlineSectionDetails } from "./OutlineSectionDetails.js";
import { OutlineList } from "../common/outline/OutlineList.js";
import { useOutlineEditor } from "../common/outline/useOutlineEditor.js";
import { articleContext, selectArticle } from "./articleView.js";

type Section = Outline["sections"][number];

/**
 * PAUSE-2: edit the outline inline (the common outline editor, with key points and material
 * tags), then confirm it (sending the edit) or ask for a new plan. As the brief's §13.3 draws it,
 * sections start collapsed to their titles (▶, click to edit the key points) with [全部展开▼] in
 * the header.
 */
export function OutlineCard({ pause }: { pause: PauseEntry }) {
  const t = useFeatureT(articleMessages);
  const stored = useApp((s) => selectArticle(s).outline);
  const all = useApp((s) => selectArticle(s).materials);
  const context = articleContext(pause);
  const resume = useApp((s) => s.resume);
  const original = context.outline ?? stored;
  // The material tags offer only what the writer approved at PAUSE-1 (the pause's context carries exactly those).
  const materials = context.materials ?? all;
  const editor = useOutlineEditor<Section>(original);
  const [feedback, setFeedback] = useState("");
  const [busy, setBusy] = useState(false);
  const allowed = new Set(pause.allowedActions);
  const { outline, edited, allOpen } = editor;
  if (!outline) return null;

  const run = async (payload: Parameters<typeof resume>[0]) => {
    setBusy(true);
    await resume(payload);
    setBusy(false);
  };
  const confirm = () => {
    // Drop empty key points the user left behind; the schema requires non-empty titles.
    const cleaned: Outline = {
      title: outline.title.trim() || (original?.title ?? ""),
      sections: outline.sections.map((s) => ({ ...s, section_title: s.section_title.trim() || "…", key_points: s.key_points.filter((p) => p.trim()) })),
    };
    void run(edited ? { action: "confirm", edited_outline: cleaned } : { action: "confirm" });
  };
  // Feedback is optional: without it the writer simply plans again.
  const replan = () => {
    void run(feedback.trim() ? { action: "re_outline", outline_feedback: feedback.trim() } : { action: "re_outline" });
  };

  return (
    <section className="card card--pause" aria-label={t("article.outline.title")}>
      <header className="card__header">
        <h3>{t("article.outline.title")}</h3>
        <span className="muted small">{t("article.outlineEditable")}</span>
        {edited && <span className="badge badge--accent">{t("article.outline.edited")}</span>}
        <button type="button" className="link-button outline__expand-all" aria-expanded={allOpen} onClick={() => editor.setAllOpen(!allOpen)}>
          [{allOpen ? `${t("article.collapseAll")}▲` : `${t("article.expandAll")}▼`}]
        </button>
      </header>
      <label className="field">
        <span className="field__label">{t("article.outline.articleTitle")}</span>
        <input className="input input--title" value={outline.title} onChange={(e) => editor.setTitle(e.target.value)} />
      </label>
      <OutlineList
        editor={editor}
        titleOf={(s) => s.section_title}
        withTitle={(s, section_title) => ({ ...s, section_title })}
        renderDetails={(section, i, onChange) => <OutlineSectionDetails index={i} section={section} materials={materials} onChange={onChange} />}
        labels={{ sectionTitle: (n) => t("article.outline.sectionTitle", { n }), removeSection: t("article.outline.removeSection") }}
      />
      <button
        type="button"
        className="btn btn--small"
        disabled={outline.sections.length >= 20}
        onClick={() => editor.add({ section_title: t("article.outline.section", { n: outline.sections.length + 1 }), key_points: [], material_ids: [] })}
      >
        + {t("article.outline.addSection")}
      </button>
      <footer className="card__actions card__actions--stack">
        {allowed.has("confirm") && (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={confirm}>
            {t("article.outline.confirm")}
          </button>
        )}
        {allowed.has("re_outline") && (
          <div className="replan">
            <label className="field">
              <span className="field__label">{t("article.outline.feedback")}</span>
              <textarea className="input" rows={2} placeholder={t("article.outline.feedbackPlaceholder")} value={feedback} onChange={(e) => setFeedback(e.target.value)} />
            </label>
            <button type="button" className="btn" disabled={busy} onClick={replan}>
              {t("article.outline.replan")}
            </button>
          </div>
        )}
      </footer>
    </section>
  );
}
