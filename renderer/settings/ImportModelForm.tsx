import { useState, type FormEvent } from "react";
import type { ApiError } from "../../shared/errors.js";
import { useApp, useT } from "../store/StoreProvider.js";
import { describeError, errorDetail } from "../app/ErrorBanner.js";

/**
 * Import a .gguf by path; the engine validates it and answers `model_invalid` with the reason,
 * shown right under the field (the form also lives in the onboarding overlay, above the banner).
 */
export function ImportModelForm({ onImported }: { onImported?: () => void }) {
  const t = useT();
  const importModel = useApp((s) => s.importModel);
  const [path, setPath] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const submitted = path.trim();
    if (!submitted) return;
    setBusy(true);
    setError(null);
    const failure = await importModel(submitted);
    setBusy(false);
    setError(failure);
    if (!failure) {
      // Clear only what was imported: the model list can show the import before this call returns,
      // and a path typed in that gap (the next model) must not be wiped.
      setPath((current) => (current.trim() === submitted ? "" : current));
      onImported?.();
    }
  };
  return (
    <form className="import-form" onSubmit={(e) => void submit(e)}>
      <div className="inline-form">
        <label className="field field--grow">
          <span className="field__label">{t("models.importPath")}</span>
          <input className="input" placeholder="/home/me/models/qwen2.5-1.5b-instruct-q4_k_m.gguf" value={path} onChange={(e) => setPath(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--primary" disabled={busy || !path.trim()}>
          {t("models.importBtn")}
        </button>
      </div>
      {error && (
        <p className="notice notice--error" role="alert" data-code={error.code} title={errorDetail(error)}>
          {describeError(t, error)}
        </p>
      )}
    </form>
  );
}
