import { useState } from "react";
import { useApp, useT } from "../store/StoreProvider.js";
import { API_KEY_MAX_LENGTH, apiKeyToSave } from "./apiKeyInput.js";

/**
 * The OpenAI-compatible backend's API key: a write-only password field with save and clear. The
 * typed key is sent once and dropped; whether one is stored comes from `settings.openai.hasKey`.
 */
export function ApiKeyField() {
  const t = useT();
  const hasKey = useApp((s) => s.settings?.openai.hasKey ?? false);
  const setApiKey = useApp((s) => s.setApiKey);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const key = apiKeyToSave(typed);
  const apply = async (value: string | null) => {
    setBusy(true);
    try {
      // Forget the typed key on success, so it lives in the page no longer than needed.
      if (await setApiKey(value)) setTyped("");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field-row">
      <label className="field field--grow">
        <span className="field__label">{t("models.apiKey")}</span>
        <input
          className="input"
          type="password"
          autoComplete="off"
          maxLength={API_KEY_MAX_LENGTH}
          placeholder={t("models.apiKeyPlaceholder")}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </label>
      <div className="card__actions">
        <button type="button" className="btn" disabled={busy || key === null} onClick={() => void apply(key)}>
          {t("models.apiKeySave")}
        </button>
        {hasKey && (
          <button type="button" className="btn" disabled={busy} onClick={() => void apply(null)}>
            {t("models.apiKeyClear")}
          </button>
        )}
        <span className="muted small" role="status">
          {hasKey ? `✓ ${t("models.apiKeySaved")}` : t("models.apiKeyNone")}
        </span>
      </div>
    </div>
  );
}
