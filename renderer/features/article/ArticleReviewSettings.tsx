import { useEffect, useState } from "react";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { useApp } from "../../store/StoreProvider.js";
import { articleMessages } from "./messages.js";

const WEIGHTS = ["facts", "logic", "language"] as const;

/** Settings → the editor's review: pass mark, revision cap and the three score weights (settings.article). */
export function ArticleReviewSettings() {
  const t = useFeatureT(articleMessages);
  const article = useApp((s) => s.settings?.article ?? null);
  const updateSettings = useApp((s) => s.updateSettings);
  const [draft, setDraft] = useState(article);
  useEffect(() => setDraft(article), [article]);
  if (!draft || !article) return null;
  const dirty = JSON.stringify(draft) !== JSON.stringify(article);
  const num = (value: string, min: number, max: number) => Math.min(max, Math.max(min, Number(value) || 0));
  return (
    <section className="card" aria-label={t("article.reviewSettings")}>
      <header className="card__header">
        <h2>{t("article.reviewSettings")}</h2>
      </header>
      <div className="form-grid">
        <label className="field">
          <span className="field__label">{t("article.threshold")}</span>
          <input className="input" type="number" min={0} max={100} value={draft.reviewThreshold} onChange={(e) => setDraft({ ...draft, reviewThreshold: num(e.target.value, 0, 100) })} />
        </label>
        <label className="field">
          <span className="field__label">{t("article.maxRevisions")}</span>
          <input className="input" type="number" min={0} max={10} value={draft.maxRevisions} onChange={(e) => setDraft({ ...draft, maxRevisions: Math.round(num(e.target.value, 0, 10)) })} />
        </label>
        {WEIGHTS.map((aspect) => (
          <label key={aspect} className="field">
            <span className="field__label">{t(`article.weight.${aspect}`)}</span>
            <input
              className="input"
              type="number"
              min={0}
              max={1}
              step={0.05}
              value={draft.weights[aspect]}
              onChange={(e) => setDraft({ ...draft, weights: { ...draft.weights, [aspect]: num(e.target.value, 0, 1) } })}
            />
          </label>
        ))}
      </div>
      <footer className="card__actions">
        <button type="button" className="btn btn--primary" disabled={!dirty} onClick={() => void updateSettings({ article: draft })}>
          {t("article.saveReviewSettings")}
        </button>
      </footer>
    </section>
  );
}
