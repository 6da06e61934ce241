import { useState } from "react";
import type { PauseEntry } from "../../store/sessionView.js";
import { useApp, useT } from "../../store/StoreProvider.js";
import { MaterialItem } from "./MaterialItem.js";
import { OwnMaterialForm } from "./OwnMaterialForm.js";

/** PAUSE-1: pick the materials to write with, search more, search again, or add the writer's own. */
export function MaterialsCard({ pause }: { pause: PauseEntry }) {
  const t = useT();
  const stored = useApp((s) => s.current.materials);
  const keywords = useApp((s) => s.current.keywords);
  const summary = useApp((s) => s.current.materialsSummary);
  const resume = useApp((s) => s.resume);
  const pushError = useApp((s) => s.pushError);
  const askConfirm = useApp((s) => s.askConfirm);
  const materials = pause.context.materials ?? stored;
  const [selected, setSelected] = useState<Set<string>>(() => new Set(materials.map((m) => m.id)));
  const [extra, setExtra] = useState("");
  const [busy, setBusy] = useState(false);
  const allowed = new Set(pause.allowedActions);

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const run = async (payload: Parameters<typeof resume>[0]) => {
    setBusy(true);
    await resume(payload);
    setBusy(false);
  };
  const confirm = async () => {
    const ids = materials.filter((m) => selected.has(m.id)).map((m) => m.id);
    if (ids.length === 0 && !(await askConfirm({ message: t("materials.noneConfirm"), confirmLabel: t("materials.noneConfirmYes") }))) return;
    void run({ action: "confirm", approved_material_ids: ids });
  };
  const reSearch = (words: string[]) => {
    if (words.length === 0) {
      pushError({ code: "bad_request", message: t("materials.needKeywords") });
      return;
    }
    void run({ action: "re_search", extra_keywords: words });
  };
  const extraWords = extra.split(/[,，、\s]+/).map((w) => w.trim()).filter(Boolean);

  return (
    <section className="card card--pause" aria-label={t("materials.title")}>
      <header className="card__header">
        <h3>{t("materials.title")}</h3>
        <span className="muted">{t("materials.count", { n: materials.length, k: selected.size })}</span>
      </header>
      {summary && <p className="card__lead">{summary}</p>}
      {keywords.length > 0 && <p className="muted small">{t("materials.keywords", { k: keywords.join("、") })}</p>}
      <div className="toolbar">
        <button type="button" className="btn btn--small" onClick={() => setSelected(new Set(materials.map((m) => m.id)))}>
          {t("materials.selectAll")}
        </button>
        <button type="button" className="btn btn--small" onClick={() => setSelected(new Set())}>
          {t("materials.selectNone")}
        </button>
        <span className="toolbar__spacer" />
        <input
          className="input input--small"
          aria-label={t("materials.extraKeywords")}
          placeholder={t("materials.extraPlaceholder")}
          value={extra}
          onChange={(e) => setExtra(e.target.value)}
        />
        {allowed.has("re_search") && (
          <button type="button" className="btn btn--small" disabled={busy} onClick={() => reSearch(extraWords)}>
            {t("materials.addSearch")}
          </button>
        )}
      </div>
      {materials.length === 0 ? (
        <p className="empty">{t("materials.empty")}</p>
      ) : (
        <ul className="material-list">
          {materials.map((m) => (
            <MaterialItem key={m.id} material={m} rank={m.rank} checked={selected.has(m.id)} onToggle={() => toggle(m.id)} disabled={busy} />
          ))}
        </ul>
      )}
      <footer className="card__actions">
        {allowed.has("confirm") && (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void confirm()}>
            {t("materials.confirm")}
          </button>
        )}
        {allowed.has("re_search") && (
          // With no extra keywords the engine clears the package and searches the same keywords again.
          <button type="button" className="btn" disabled={busy} onClick={() => void run(extraWords.length ? { action: "re_search", extra_keywords: extraWords } : { action: "re_search" })}>
            {t("materials.research")}
          </button>
        )}
      </footer>
      {allowed.has("add_material") && <OwnMaterialForm disabled={busy} onAdd={(material) => run({ action: "add_material", material })} />}
    </section>
  );
}
