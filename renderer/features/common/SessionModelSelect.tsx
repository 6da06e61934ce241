import { useEffect, useState } from "react";
import { canChat } from "../../../shared/models.js";
import { useApp, useT } from "../../store/StoreProvider.js";
import { appChatModel } from "./appChatModel.js";

/**
 * The session's own model on a start form (run.start's `model_name`). "" is the default: no
 * `model_name` is sent and the session writes with the app's chat model. The names offered are the
 * ones the engine checks `model_name` against: installed chat models with llama.cpp, the server's
 * `/models` with an OpenAI-compatible URL. Ollama has no list here, so its model name is typed.
 */
export function SessionModelSelect({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const t = useT();
  const settings = useApp((s) => s.settings);
  const installed = useApp((s) => s.models?.installed ?? null);
  const api = useApp((s) => s.api);
  const backend = settings?.backend ?? "llamacpp";
  const [remote, setRemote] = useState<string[]>([]);
  useEffect(() => {
    if (backend !== "openai") return;
    let live = true;
    // A server out of reach leaves only the default: the start form must not fail because of it.
    api.call("models.remote", {}).then(
      (r) => live && setRemote(r.models),
      () => live && setRemote([]),
    );
    return () => {
      live = false;
    };
  }, [api, backend]);
  const current = appChatModel(settings);
  const label = current ? t("session.modelDefaultNamed", { m: current }) : t("session.modelDefault");
  if (backend === "ollama") {
    return (
      <label className="field session-model">
        <span className="field__label">{t("session.pickModel")}</span>
        <input className="input" value={value} placeholder={label} title={t("session.modelOllamaHint")} onChange={(e) => onChange(e.target.value)} />
      </label>
    );
  }
  const names = backend === "openai" ? remote : (installed ?? []).filter(canChat).map((m) => m.id);
  return (
    <label className="field session-model">
      <span className="field__label">{t("session.pickModel")}</span>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{label}</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** `{ model_name }` for run.start when a model was chosen, else nothing (the default). */
export function sessionModelField(name: string): { model_name?: string } {
  return name.trim() ? { model_name: name.trim() } : {};
}
