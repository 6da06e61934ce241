import { useState, type FormEvent } from "react";
import { useApp, useT } from "../store/StoreProvider.js";

/** Import a .gguf by path; the engine validates it and answers `model_invalid` with the reason. */
export function ImportModelForm({ onImported }: { onImported?: () => void }) {
  const t = useT();
  const importModel = useApp((s) => s.importModel);
  const [path, setPath] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!path.trim()) return;
    setBusy(true);
    const ok = await importModel(path.trim());
    setBusy(false);
    if (ok) {
      setPath("");
      onImported?.();
    }
  };
  return (
    <form className="inline-form" onSubmit={(e) => void submit(e)}>
      <label className="field field--grow">
        <span className="field__label">{t("models.importPath")}</span>
        <input className="input" placeholder="/home/me/models/qwen2.5-1.5b-instruct-q4_k_m.gguf" value={path} onChange={(e) => setPath(e.target.value)} />
      </label>
      <button type="submit" className="btn btn--primary" disabled={busy || !path.trim()}>
        {t("models.importBtn")}
      </button>
    </form>
  );
}
