import { useState, type FormEvent } from "react";
import { articleMessages, type ArticleKey } from "./messages.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { ARTICLE_TYPES, type ArticleStartInput } from "../../../shared/workflows/article.js";
import { useApp } from "../../store/StoreProvider.js";
import { matchesShortcut, shortcutAria, shortcutText } from "../../components/shortcuts.js";
import { SessionModelSelect, sessionModelField } from "../common/SessionModelSelect.js";
import { RunScopePicker } from "../common/RunScopePicker.js";
import type { RunScope } from "../../../shared/knowledge.js";

/**
 * The start form: intent, article type, audience, target length, article language, background for the
 * writer (`extra_context`), where the researcher may search (`scope`) and the session's own model.
 */
export function IntentForm() {
  const t = useFeatureT(articleMessages);
  const startRun = useApp((s) => s.startRun);
  const uiLocale = useApp((s) => s.locale);
  const [intent, setIntent] = useState("");
  const [type, setType] = useState("");
  const [audience, setAudience] = useState("");
  // The brief's defaults: 800 characters/words; an empty type or audience is the engine's default (analysis, 普通读者).
  const [words, setWords] = useState(800);
  const [extra, setExtra] = useState("");
  const [locale, setLocale] = useState<"zh" | "en">(uiLocale === "en" ? "en" : "zh");
  const [model, setModel] = useState("");
  const [scope, setScope] = useState<RunScope | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!intent.trim()) return;
    const input: ArticleStartInput = { intent: intent.trim(), word_count_target: words, locale };
    if (type) input.article_type = type as ArticleStartInput["article_type"];
    if (audience.trim()) input.target_audience = audience.trim();
    if (extra.trim()) input.extra_context = extra.trim();
    if (scope) input.scope = scope;
    setBusy(true);
    await startRun({ workflow: "article", input, ...sessionModelField(model) });
    setBusy(false);
  };

  return (
    <form
      className="card intent-form"
      onSubmit={(e) => void submit(e)}
      aria-label={t("article.intent.title")}
      onKeyDown={(e) => {
        if (matchesShortcut(e, "start")) void submit(e);
      }}
    >
      <h2>{t("article.intent.title")}</h2>
      <label className="field">
        <span className="field__label">{t("article.intent.intent")}</span>
        <textarea className="input" rows={4} required placeholder={t("article.intent.placeholder")} value={intent} onChange={(e) => setIntent(e.target.value)} />
      </label>
      <div className="field-row">
        <label className="field">
          <span className="field__label">{t("article.intent.type")}</span>
          <select className="input" value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">{t("article.typeDefault")}</option>
            {ARTICLE_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`article.intent.type.${k}` as ArticleKey)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t("article.intent.words")}</span>
          <input className="input" type="number" min={200} max={20000} step={100} value={words} onChange={(e) => setWords(Number(e.target.value) || 800)} />
        </label>
        <label className="field">
          <span className="field__label">{t("article.intent.locale")}</span>
          <select className="input" value={locale} onChange={(e) => setLocale(e.target.value as "zh" | "en")}>
            <option value="zh">{t("article.intent.locale.zh")}</option>
            <option value="en">{t("article.intent.locale.en")}</option>
          </select>
        </label>
      </div>
      <label className="field">
        <span className="field__label">{t("article.intent.audience")}</span>
        <input className="input" placeholder={t("article.intent.audiencePlaceholder")} value={audience} onChange={(e) => setAudience(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">{t("article.extraContext")}</span>
        <textarea className="input" rows={3} maxLength={8000} placeholder={t("article.extraContextPlaceholder")} value={extra} onChange={(e) => setExtra(e.target.value)} />
      </label>
      <RunScopePicker value={scope} onChange={setScope} />
      <SessionModelSelect value={model} onChange={setModel} />
      <button type="submit" className="btn btn--primary btn--wide" disabled={busy || !intent.trim()} title={`${t("article.intent.start")} (${shortcutText("start")})`} aria-keyshortcuts={shortcutAria("start")}>
        {t("article.intent.start")}
      </button>
    </form>
  );
}
