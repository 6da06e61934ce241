import { selectCatalog } from "../store/selectors.js";
import { THINKING_MODES, type Settings, type ThinkingMode } from "../../shared/models.js";
import type { MessageKey } from "../i18n/translate.js";
import { useApp, useT } from "../store/StoreProvider.js";

/** The chat model 思考 applies to: the installed GGUF's id, or the server's model name. */
function chatModelOf(settings: Settings): string | null {
  if (settings.backend === "ollama") return settings.ollama.model || null;
  if (settings.backend === "openai") return settings.openai.model || null;
  return settings.chatModel;
}

/**
 * 思考 of the current chat model (off / budget / unlimited; the catalog's default until changed)
 * and whether chat shows a thinking model's thoughts, folded under 思考过程.
 */
export function ThinkingSettings() {
  const t = useT();
  const settings = useApp((s) => s.settings);
  const catalog = useApp(selectCatalog);
  const update = useApp((s) => s.updateSettings);
  if (!settings) return null;
  const model = chatModelOf(settings);
  const fileName = model?.replace(/^.*[\\/]/, "").toLowerCase();
  const catalogDefault = catalog.find((entry) => entry.fileName.toLowerCase() === fileName)?.thinking;
  const mode: ThinkingMode = (model ? settings.thinking[model] : undefined) ?? catalogDefault ?? "budget";
  return (
    <section className="card" data-testid="thinking-settings">
      <h2>{t("thinking.title")}</h2>
      <p className="muted small">{t("thinking.hint")}</p>
      <label className="field">
        <span className="field__label">{model ? t("thinking.forModel", { m: model }) : t("thinking.noModel")}</span>
        <select
          className="input"
          value={mode}
          disabled={!model}
          onChange={(e) => model && void update({ thinking: { ...settings.thinking, [model]: e.target.value as ThinkingMode } })}
        >
          {THINKING_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`thinking.mode.${m}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <label className="field field--inline">
        <input type="checkbox" checked={settings.showThoughts} onChange={(e) => void update({ showThoughts: e.target.checked })} />
        <span>{t("thinking.showThoughts")}</span>
      </label>
    </section>
  );
}
