import { useState, type FormEvent } from "react";
import { ARTICLE_TYPES, type ArticleStartInput } from "../../../shared/article.js";
import { useApp, useT } from "../../store/StoreProvider.js";
import type { MessageKey } from "../../i18n/translate.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { articleMessages } from "./messages.js";
import { matchesShortcut, shortcutAria, shortcutText } from "../../components/shortcuts.js";

/** The start form: intent, article type, audience, target length, article language and background for the writer (`extra_context`). */
export function IntentForm() {
  const t = useT();
  const ta = useFeatureT(articleMessages);
  const startArticle = useApp((s) => s.startArticle);
  const uiLocale = useApp((s) => s.locale);
  const [intent, setIntent] = useState("");
  const [type, setType] = useState("");
  const [audience, setAudience] = useState("");
  // The brief's defaults: 800 characters/words; an empty type or audience is the engine's default (analysis, 普通读者).
  const [words, setWords] = useState(800);
  const [extra, setExtra] = useState("");
  const [locale, setLocale] = useState<"zh" | "en">(uiLocale === "en" ? "en" : "zh");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!intent.trim()) return;
    const input: ArticleStartInput = { intent: intent.trim(), word_count_target: words, locale };
    if (type) input.article_type = type as ArticleStartInput["article_type"];
    if (audience.trim()) input.target_audience = audience.trim();
    if (extra.trim()) input.extra_context = extra.trim();
    setBusy(true);
    await startArticle(input);
    setBusy(false);
  };

  return (
    <form
      className="card intent-form"
      onSubmit={(e) => void submit(e)}
      aria-label={t("intent.title")}
      onKeyDown={(e) => {
        if (matchesShortcut(e, "start")) void submit(e);
      }}
    >
      <h2>{t("intent.title")}</h2>
      <label className="field">
        <span className="field__label">{t("intent.intent")}</span>
        <textarea className="input" rows={4} required placeholder={t("intent.placeholder")} value={intent} onChange={(e) => setIntent(e.target.value)} />
      </label>
      <div className="field-row">
        <label className="field">
          <span className="field__label">{t("intent.type")}</span>
          <select className="input" value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">{ta("article.typeDefault")}</option>
            {ARTICLE_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`intent.type.${k}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t("intent.words")}</span>
          <input className="input" type="number" min={200} max={20000} step={100} value={words} onChange={(e) => setWords(Number(e.target.value) || 800)} />
        </label>
        <label className="field">
          <span className="field__label">{t("intent.locale")}</span>
          <select className="input" value={locale} onChange={(e) => setLocale(e.target.value as "zh" | "en")}>
            <option value="zh">{t("intent.locale.zh")}</option>
            <option value="en">{t("intent.locale.en")}</option>
          </select>
        </label>
      </div>
      <label className="field">
        <span className="field__label">{t("intent.audience")}</span>
        <input className="input" placeholder={t("intent.audiencePlaceholder")} value={audience} onChange={(e) => setAudience(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">{ta("article.extraContext")}</span>
        <textarea className="input" rows={3} maxLength={8000} placeholder={ta("article.extraContextPlaceholder")} value={extra} onChange={(e) => setExtra(e.target.value)} />
      </label>
      <button type="submit" className="btn btn--primary btn--wide" disabled={busy || !intent.trim()} title={`${t("intent.start")} (${shortcutText("start")})`} aria-keyshortcuts={shortcutAria("start")}>
        {t("intent.start")}
      </button>
    </form>
  );
}
