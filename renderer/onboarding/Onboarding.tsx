import { useApp, useT } from "../store/StoreProvider.js";
import { ImportModelForm } from "../settings/ImportModelForm.js";
import { BackendForm } from "../settings/BackendForm.js";
import { CatalogList } from "../settings/CatalogList.js";

/**
 * First run without a model: three offline-friendly ways to get one — a local .gguf path, a
 * model server the user runs (Ollama / OpenAI-compatible), or the catalog / an intranet mirror.
 */
export function Onboarding() {
  const t = useT();
  const dismiss = useApp((s) => s.dismissOnboarding);
  return (
    <div className="onboarding" role="dialog" aria-modal="true" aria-labelledby="onboarding-title">
      <div className="onboarding__panel">
        <header>
          <h1 id="onboarding-title">{t("onboarding.title")}</h1>
          <p className="lead">{t("onboarding.lead")}</p>
        </header>
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
            <p className="muted small">{t("onboarding.catalogHint")}</p>
            <CatalogList limit={3} />
          </section>
        </div>
        <footer className="card__actions">
          <button type="button" className="btn btn--ghost" onClick={dismiss}>
            {t("onboarding.skip")}
          </button>
        </footer>
      </div>
    </div>
  );
}
