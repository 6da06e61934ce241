import { useEffect, useState } from "react";
import { BACKENDS, type Backend, type Settings } from "../../shared/models.js";
import { useApp, useT } from "../store/StoreProvider.js";
import type { MessageKey } from "../i18n/translate.js";
import { ApiKeyField } from "./ApiKeyField.js";

/** Backend choice (llama.cpp / Ollama / OpenAI-compatible), its URL and model, threads and sequences. */
export function BackendForm({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const settings = useApp((s) => s.settings);
  const updateSettings = useApp((s) => s.updateSettings);
  const [draft, setDraft] = useState<Settings | null>(settings);
  const [saved, setSaved] = useState(false);
  const api = useApp((s) => s.api);
  /** Model names the OpenAI-compatible endpoint serves (its /models), offered in the pickers. */
  const [remoteModels, setRemoteModels] = useState<string[]>([]);
  /** The last connection test / model listing, shown beside the server fields (not a banner far away). */
  const [probe, setProbe] = useState<{ ok: true; n: number } | { ok: false; cause: string } | { busy: true } | null>(null);
  // Reset the draft when the settings change, except for `openai.hasKey` alone: saving the API key
  // must not discard an unsaved backend choice or URL the user is typing next to it.
  const withoutHasKey = settings ? JSON.stringify({ ...settings, openai: { ...settings.openai, hasKey: false } }) : null;
  // The string is the effect's key; the draft is a deep copy of the same value, so editing it never touches the store.
  useEffect(() => setDraft(settings ? structuredClone({ ...settings, openai: { ...settings.openai, hasKey: false } }) : null), [withoutHasKey]);
  if (!draft) return null;
  const backend = draft.backend;
  // The OpenAI-compatible endpoint also serves embeddings when the library uses it.
  const usesOpenai = backend === "openai" || draft.embeddingBackend === "openai";
  const server = backend === "ollama" ? draft.ollama : draft.openai;
  // Tests the address as typed (before it is saved) by listing its models; a failure names its cause here.
  const discover = async () => {
    setProbe({ busy: true });
    try {
      const target = backend === "ollama" ? { backend: "ollama" as const, baseUrl: draft.ollama.baseUrl } : { backend: "openai" as const, baseUrl: draft.openai.baseUrl };
      const { models } = await api.call("models.remote", target);
      setRemoteModels(models);
      setProbe({ ok: true, n: models.length });
    } catch (error) {
      const details = (error as { details?: { cause?: unknown } }).details;
      setProbe({ ok: false, cause: typeof details?.cause === "string" ? details.cause : (error as Error).message });
    }
  };
  const setServer = (patch: { baseUrl?: string; model?: string }) =>
    setDraft(backend === "ollama" ? { ...draft, ollama: { ...draft.ollama, ...patch } } : { ...draft, openai: { ...draft.openai, ...patch } });
  const save = async () => {
    const patch: Partial<Settings> = { backend, threads: draft.threads, sequences: draft.sequences, contextSize: draft.contextSize };
    if (backend === "ollama") patch.ollama = draft.ollama;
    if (usesOpenai) patch.openai = draft.openai;
    patch.embeddingBackend = draft.embeddingBackend;
    patch.openaiEmbeddingModel = draft.openaiEmbeddingModel;
    const ok = await updateSettings(patch);
    setSaved(ok);
  };
  const probeLine =
    probe && "ok" in probe ? (
      probe.ok ? (
        <span className="muted small" role="status">
          ✓ {t("models.connected", { n: probe.n })}
        </span>
      ) : (
        <span className="notice notice--error small" role="alert">
          {t("models.connectFailed", { url: backend === "ollama" ? draft.ollama.baseUrl : draft.openai.baseUrl, cause: probe.cause })}
        </span>
      )
    ) : null;
  return (
    <div className="backend-form">
      <fieldset className="radio-row">
        <legend className="field__label">{t("models.backend")}</legend>
        {BACKENDS.map((b: Backend) => (
          <label key={b} className={`radio-card${backend === b ? " is-active" : ""}`}>
            <input type="radio" name="backend" value={b} checked={backend === b} onChange={() => setDraft({ ...draft, backend: b })} />
            {t(`models.backend.${b}` as MessageKey)}
          </label>
        ))}
      </fieldset>
      {backend !== "llamacpp" && (
        <div className="field-row">
          <label className="field field--grow">
            <span className="field__label">{t("models.baseUrl")}</span>
            <input className="input" value={server.baseUrl} onChange={(e) => setServer({ baseUrl: e.target.value })} />
          </label>
          <label className="field">
            <span className="field__label">{t("models.modelName")}</span>
            <input
              className="input"
              list="remote-models"
              value={server.model}
              placeholder={backend === "ollama" ? "qwen2.5:3b" : t("models.modelNamePlaceholder")}
              onChange={(e) => setServer({ model: e.target.value })}
            />
          </label>
        </div>
      )}
      {backend !== "llamacpp" && (
        <div className="card__actions backend-probe">
          <button type="button" className="btn" disabled={probe !== null && "busy" in probe} onClick={() => void discover()}>
            {t("models.testConnection")}
          </button>
          {probeLine}
        </div>
      )}
      {backend !== "openai" && draft.embeddingBackend === "openai" && (
        <label className="field">
          <span className="field__label">{t("models.baseUrl")}</span>
          <input className="input" value={draft.openai.baseUrl} onChange={(e) => setDraft({ ...draft, openai: { ...draft.openai, baseUrl: e.target.value } })} />
        </label>
      )}
      {usesOpenai && <ApiKeyField />}
      {!compact && (
        <fieldset className="radio-row">
          <legend className="field__label">{t("models.embeddingBackend")}</legend>
          {(["local", "openai"] as const).map((b) => (
            <label key={b} className={`radio-card${draft.embeddingBackend === b ? " is-active" : ""}`}>
              <input type="radio" name="embeddingBackend" value={b} checked={draft.embeddingBackend === b} onChange={() => setDraft({ ...draft, embeddingBackend: b })} />
              {t(`models.embeddingBackend.${b}` as MessageKey)}
            </label>
          ))}
        </fieldset>
      )}
      {!compact && draft.embeddingBackend === "openai" && (
        <label className="field">
          <span className="field__label">{t("models.embeddingModelName")}</span>
          <input className="input" list="remote-models" value={draft.openaiEmbeddingModel} onChange={(e) => setDraft({ ...draft, openaiEmbeddingModel: e.target.value })} />
        </label>
      )}
      {usesOpenai && backend === "llamacpp" && (
        <div className="card__actions">
          <button type="button" className="btn" onClick={() => void discover()}>
            {t("models.discover")}
          </button>
          {probeLine}
        </div>
      )}
      {(usesOpenai || backend === "ollama") && (
        <div hidden>
          <datalist id="remote-models">
            {remoteModels.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </div>
      )}
      {!compact && backend === "llamacpp" && (
        <div className="field-row">
          <label className="field">
            <span className="field__label">{t("models.threads")}</span>
            <input className="input" type="number" min={0} max={256} value={draft.threads} onChange={(e) => setDraft({ ...draft, threads: Number(e.target.value) || 0 })} />
          </label>
          <label className="field">
            <span className="field__label">{t("models.sequences")}</span>
            <input className="input" type="number" min={1} max={8} value={draft.sequences} onChange={(e) => setDraft({ ...draft, sequences: Math.min(8, Math.max(1, Number(e.target.value) || 1)) })} />
          </label>
          <label className="field">
            <span className="field__label">{t("models.contextSize")}</span>
            <input className="input" type="number" min={512} max={131072} step={512} value={draft.contextSize} onChange={(e) => setDraft({ ...draft, contextSize: Number(e.target.value) || 4096 })} />
          </label>
        </div>
      )}
      <div className="card__actions">
        <button type="button" className="btn btn--primary" onClick={() => void save()}>
          {t("models.saveBackend")}
        </button>
        {saved && <span className="muted small" role="status">✓ {t("models.saved")}</span>}
      </div>
    </div>
  );
}
