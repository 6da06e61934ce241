import type { DocgenTranslate } from "./messages.js";

/** What an open session was started with, read from its `run.state` (mode, topic, guide, language, source). */
export interface DocgenSettingsView {
  mode: "text" | "notes" | "code" | "review";
  topic: string;
  guideName: string;
  locale: string;
  source: string;
}

/** The settings view of a docgen session's `run.state` values. */
export function docgenSettingsOf(values: Record<string, unknown>): DocgenSettingsView {
  const input = (values.input ?? {}) as Record<string, unknown>;
  const inputMode = String(values.input_mode ?? input.input_mode ?? "text");
  const mode = values.review_only === true ? "review" : inputMode === "notes" || inputMode === "code" ? inputMode : "text";
  const guide = (values.guide ?? {}) as { id?: string | null; name?: string };
  return {
    mode,
    topic: String(values.topic ?? input.topic ?? ""),
    guideName: guide.name || (guide.id === "builtin" ? "" : String(input.rules_file ?? "")),
    locale: typeof input.locale === "string" ? input.locale : "",
    source: typeof input.source_path === "string" ? input.source_path : "",
  };
}

/**
 * The open session's own settings in a few lines, in place of the empty start form: a finished or
 * running session reads what it was made from, and its timeline stays near the top.
 */
export function DocgenSessionSettings({
  t,
  settings,
  running,
  onStop,
}: {
  t: DocgenTranslate;
  settings: DocgenSettingsView | null;
  running: boolean;
  onStop(): void;
}) {
  const locale = settings?.locale === "zh" || settings?.locale === "en" ? t(`docgen.locale.${settings.locale}`) : t("docgen.locale.auto");
  return (
    <section className="card docgen-settings" aria-label={t("docgen.settings")}>
      <h3 className="docgen-settings__title">{t("docgen.settings")}</h3>
      {settings && (
        <dl className="docgen-settings__list">
          <dt>{t("docgen.mode")}</dt>
          <dd>{t(`docgen.mode.${settings.mode}`)}</dd>
          <dt>{t("docgen.topic")}</dt>
          <dd className="docgen-settings__value">{settings.topic || "—"}</dd>
          {settings.source && (
            <>
              <dt>{t("docgen.settings.source")}</dt>
              <dd className="docgen-settings__value">{settings.source}</dd>
            </>
          )}
          <dt>{t("docgen.settings.guide")}</dt>
          <dd className="docgen-settings__value">{settings.guideName || t("docgen.guide.builtin")}</dd>
          <dt>{t("docgen.locale")}</dt>
          <dd>{locale}</dd>
        </dl>
      )}
      {running ? (
        <button type="button" className="btn btn--small" onClick={onStop}>
          {t("docgen.stop")}
        </button>
      ) : (
        <p className="muted docgen-settings__hint">{t("docgen.settings.newHint")}</p>
      )}
    </section>
  );
}
