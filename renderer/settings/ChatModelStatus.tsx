import { canChat } from "../../shared/models.js";
import { useApp } from "../store/StoreProvider.js";
import { useFeatureT } from "../i18n/useFeatureT.js";
import { onboardingMessages } from "../onboarding/messages.js";

/**
 * Which model will write and whether it is loaded; with several chat models installed, the choice
 * of which one (an import never replaces a chosen model, so a second one is asked about here).
 */
export function ChatModelStatus({ pick = true }: { /** Offer the choice between chat models (Settings lists its own buttons per model). */ pick?: boolean }) {
  const t = useFeatureT(onboardingMessages);
  const settings = useApp((s) => s.settings);
  const models = useApp((s) => s.models);
  const select = useApp((s) => s.selectModel);
  if (!settings || !models) return null;
  if (settings.backend !== "llamacpp") {
    const name = settings.backend === "ollama" ? settings.ollama.model : settings.openai.model;
    return <p className="model-status" role="status">{t("modelStatus.backend", { m: name })}</p>;
  }
  const chatModels = models.installed.filter(canChat);
  const chosen = settings.chatModel;
  const loaded = models.loaded?.backend === "llamacpp" && chosen !== null && models.loaded.model === chosen.split(/[\\/]/).pop();
  return (
    <div className="model-status">
      <p role="status" aria-label={t("modelStatus.chat", { m: chosen ?? "—" })}>
        {chosen ? (
          <>
            <span className="badge badge--ok">✓</span> {t("modelStatus.chat", { m: chosen })} · <span className="muted">{loaded ? t("modelStatus.loaded") : t("modelStatus.notLoaded")}</span>
          </>
        ) : (
          t("modelStatus.none")
        )}
      </p>
      {pick && chatModels.length > 1 && (
        <fieldset className="model-status__pick">
          <legend className="field__label">{t("modelStatus.pick", { n: chatModels.length })}</legend>
          <ul>
            {chatModels.map((m) => (
              <li key={m.id}>
                <span className="ellipsis">{m.id}</span>
                {m.id === chosen ? (
                  <span className="badge badge--ok">{t("modelStatus.inUse")}</span>
                ) : (
                  <button type="button" className="btn btn--small" aria-label={`${t("modelStatus.use")}: ${m.id}`} onClick={() => void select({ chatModel: m.id })}>
                    {t("modelStatus.use")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
