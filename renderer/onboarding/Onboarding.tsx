import { useApp, useT } from "../store/StoreProvider.js";
import { useFeatureT } from "../i18n/useFeatureT.js";
import { ImportModelForm } from "../settings/ImportModelForm.js";
import { BackendForm } from "../settings/BackendForm.js";
import { CatalogList } from "../settings/CatalogList.js";
import { MirrorField } from "../settings/MirrorField.js";
import { ChatModelStatus } from "../settings/ChatModelStatus.js";
import { onboardingMessages } from "./messages.js";
import { LocaleSwitch } from "../components/LocaleSwitch.js";
import "./onboarding.css";

/**
 * First run without a model: three offline-friendly ways to get one — a local .gguf path, a
 * model server the user runs (Ollama / OpenAI-compatible), or the catalog / an intranet mirror.
 * It stays open once a model is chosen, to say which one will write and that Settings can wait.
 */
export function Onboarding() {
  const t = useT();
  const to = useFeatureT(onboardingMessages);
  const dismiss = useApp((s) => s.dismissOnboarding);
  const ready = useApp((s) => (s.settings?.backend === "llamacpp" ? s.settings.chatModel !== null : s.settings !== null));
  return (
    <div className="onboarding" role="dialog" aria-modal="true" aria-labelledby="onboarding-title">
      <div className="onboarding__panel">
        {/* The body scrolls inside the panel and the footer stays below it, so 开始使用 is on screen whatever the import showed. */}
        <div className="onboarding__body">
          <header>
            {/* The sidebar's switch is behind this dialog: an English reader picks the language here first. */}
            <div className="onboarding__locale">
              <LocaleSwitch />
            </div>
            <h1 id="onboarding-title">{t("onboarding.title")}</h1>
            <p className="lead">{t("onboarding.lead")}</p>
          </header>
          <section className={`card onboarding__status${ready ? " is-ready" : ""}`}>
            <ChatModelStatus />
            {ready && <p className="small">{to("onboarding.ready")}</p>}
          </section>
          <div className="onboarding__options">
            <section className="card option">
              <h2>① {t("onboarding.import")}</h2>
              <p className="muted small">{t("onboarding.importHint")}</p>
              <ImportModelForm />
            </section>
            <section className="card option">
              <h2>② {t("onboarding.server")}</h2>
              <p className="muted small">{t("onboarding.serverHint")}</p>
              <BackendForm compact />
            </section>
            <section className="card option">
              <h2>③ {t("onboarding.catalog")}</h2>
              <MirrorField />
              <CatalogList limit={3} />
            </section>
          </div>
        </div>
        <footer className="card__actions">
          {ready ? (
            <button type="button" className="btn btn--primary" onClick={dismiss}>
              {to("onboarding.start")}
            </button>
          ) : (
            <button type="button" className="btn btn--ghost" onClick={dismiss}>
              {t("onboarding.skip")}
            </button>
          )}
        </footer>
      </div>
    </div>
  );
}
