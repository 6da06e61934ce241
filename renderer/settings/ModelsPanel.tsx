import { useApp, useT } from "../store/StoreProvider.js";
import type { MessageKey, Translate } from "../i18n/translate.js";
import type { ModelWarning } from "../../shared/models.js";
import { formatBytes } from "../components/format.js";
import { BackendForm } from "./BackendForm.js";
import { ImportModelForm } from "./ImportModelForm.js";
import { CatalogList } from "./CatalogList.js";
import { ChatModelStatus } from "./ChatModelStatus.js";
import { MirrorField } from "./MirrorField.js";
import { ThinkingSettings } from "./ThinkingSettings.js";

/** Models: backend, installed models (select chat / embedding), import, and the catalog. */
export function ModelsPanel() {
  const t = useT();
  const models = useApp((s) => s.models);
  const settings = useApp((s) => s.settings);
  const select = useApp((s) => s.selectModel);
  return (
    <div className="panel-grid">
      <section className="card">
        <h2>{t("models.backend")}</h2>
        {models?.loaded && <p className="muted small">{t("models.loaded", { m: `${t(`models.backend.${models.loaded.backend}` as MessageKey)} · ${models.loaded.model}` })}</p>}
        {models?.warnings.map((w, i) => (
          <p key={i} className="notice notice--warn" data-code={w.code} title={w.message}>
            {describeModelWarning(t, w)}
          </p>
        ))}
        <BackendForm />
      </section>
      <ThinkingSettings />
      <section className="card">
        <h2>{t("models.installed")}</h2>
        <ChatModelStatus pick={false} />
        {!models || models.installed.length === 0 ? (
          <p className="empty">{t("models.noInstalled")}</p>
        ) : (
          <ul className="installed">
            {models.installed.map((m) => (
              <li key={m.id} className="installed__item">
                <div>
                  <strong className="ellipsis">{m.id}</strong>
                  <span className={`badge fit fit--${m.fit}`}>{t(`models.fit.${m.fit}` as MessageKey)}</span>
                  <p className="muted small">
                    {formatBytes(m.sizeBytes)}
                    {m.architecture ? ` · ${m.architecture}` : ""}
                    {m.contextLength ? ` · ctx ${m.contextLength}` : ""}
                    {m.hasChatTemplate ? "" : ` · ${t("models.noChatTemplate")}`}
                  </p>
                </div>
                <div className="btn-group">
                  {settings?.chatModel === m.id ? (
                    <span className="badge badge--ok">{t("models.chatModel")} · {t("models.selected")}</span>
                  ) : (
                    <button type="button" className="btn btn--small" onClick={() => void select({ chatModel: m.id })}>
                      {t("models.useChat")}
                    </button>
                  )}
                  {settings?.embeddingModel === m.id ? (
                    <span className="badge badge--ok">{t("models.embeddingModel")} · {t("models.selected")}</span>
                  ) : (
                    <button type="button" className="btn btn--small" onClick={() => void select({ embeddingModel: m.id })}>
                      {t("models.useEmbedding")}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <h3>{t("models.import")}</h3>
        <ImportModelForm />
      </section>
      <section className="card card--wide">
        <h2>{t("models.catalog")}</h2>
        <MirrorField />
        <CatalogList />
      </section>
    </div>
  );
}

/** A model warning in the UI locale, from its code (the engine's English `message` is the tooltip). */
export function describeModelWarning(t: Translate, warning: ModelWarning): string {
  const m = warning.model ?? "";
  switch (warning.code) {
    case "selected_missing":
      return t(warning.role === "embedding" ? "models.warning.selected_missing.embedding" : "models.warning.selected_missing.chat", { m });
    case "embedding_fallback":
      return t("models.warning.embedding_fallback", { m });
    case "no_models":
      return t("models.warning.no_models");
    default:
      return warning.message;
  }
}
