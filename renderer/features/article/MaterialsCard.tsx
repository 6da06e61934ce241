import { useEffect, useState } from "react";
import { articleMessages } from "./messages.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { stepText } from "../../i18n/defineMessages.js";
import type { PauseEntry } from "../../store/sessionView.js";
import { useApp } from "../../store/StoreProvider.js";
import { MaterialItem } from "./MaterialItem.js";
import { OwnMaterialForm } from "./OwnMaterialForm.js";
import { articleContext, selectArticle } from "./articleView.js";
import { checkedIds, materialIdentity, rememberChoice } from "./uncheckedMaterials.js";

/** PAUSE-1: pick the materials to write with, search more, search again, or add the writer's own. */
export function MaterialsCard({ pause }: { pause: PauseEntry }) {
  const t = useFeatureT(articleMessages);
  const stored = useApp((s) => selectArticle(s).materials);
  const keywords = useApp((s) => selectArticle(s).keywords);
  const locale = useApp((s) => s.locale);
  const summary = useApp((s) => {
    const view = selectArticle(s);
    return view.materialsSummary === null ? null : stepText(locale, "article", "summary", view.materialsSummaryText ?? undefined, view.materialsSummary);
  });
  const resume = useApp((s) => s.resume);
  const pushError = useApp((s) => s.pushError);
  const askConfirm = useApp((s) => s.askConfirm);
  const sessionId = useApp((s) => s.current.sessionId);
  const materials = articleContext(pause).materials ?? stored;
  const [selected, setSelected] = useState<Set<string>>(() => checkedIds(sessionId, materials));
  // A re-search brings a new list (found-again materials keep their ids): what the user set aside stays unchecked.
  const listKey = materials.map((m) => `${m.id}=${materialIdentity(m)}`).join("\n");
  // Keyed on the list's content, not the array's identity (the pause context is parsed anew each render).
  useEffect(() => setSelected(checkedIds(sessionId, materials)), [sessionId, listKey]);
  const [extra, setExtra] = useState("");
  const [busy, setBusy] = useState(false);
  const allowed = new Set(pause.allowedActions);

  const choose = (next: Set<string>) => {
    rememberChoice(sessionId, materials, next);
    setSelected(next);
  };
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    choose(next);
  };
  const run = async (payload: Parameters<typeof resume>[0]) => {
    setBusy(true);
    await resume(payload);
    setBusy(false);
  };
  const confirm = async () => {
    const ids = materials.filter((m) => selected.has(m.id)).map((m) => m.id);
    if (ids.length === 0 && !(await askConfirm({ message: t("article.materials.noneConfirm"), confirmLabel: t("article.materials.noneConfirmYes") }))) return;
    void run({ action: "confirm", approved_material_ids: ids });
  };
  const reSearch = (words: string[]) => {
    if (words.length === 0) {
      pushError({ code: "bad_request", message: t("article.materials.needKeywords") });
      return;
    }
    void run({ action: "re_search", extra_keywords: words });
  };
  const extraWords = extra.split(/[,，、\s]+/).map((w) => w.trim()).filter(Boolean);

  return (
    <section className="card card--pause" aria-label={t("article.materials.title")}>
      <header className="card__header">
        <h3>{t("article.materials.title")}</h3>
        <span className="muted">{t("article.materials.count", { n: materials.length, k: selected.size })}</span>
      </header>
      {summary && <p className="card__lead">{summary}</p>}
      {keywords.length > 0 && <p className="muted small">{t("article.materials.keywords", { k: keywords.join("、") })}</p>}
      <div className="toolbar">
        <button type="button" className="btn btn--small" onClick={() => choose(new Set(materials.map((m) => m.id)))}>
          {t("article.materials.selectAll")}
        </button>
        <button type="button" className="btn btn--small" onClick={() => choose(new Set())}>
          {t("article.materials.selectNone")}
        </button>
        <span className="toolbar__spacer" />
        <input
          className="input input--small"
          aria-label={t("article.materials.extraKeywords")}
          placeholder={t("article.materials.extraPlaceholder")}
          value={extra}
          onChange={(e) => setExtra(e.target.value)}
        />
        {allowed.has("re_search") && (
          <button type="button" className="btn btn--small" disabled={busy} onClick={() => reSearch(extraWords)}>
            {t("article.materials.addSearch")}
          </button>
        )}
      </div>
      {materials.length === 0 ? (
        <p className="empty">{t("article.materials.empty")}</p>
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
            {t("article.materials.confirm")}
          </button>
        )}
        {allowed.has("re_search") && (
          // With no extra keywords the engine searches the same keywords again; a material found again keeps its id.
          <button type="button" className="btn" disabled={busy} onClick={() => void run(extraWords.length ? { action: "re_search", extra_keywords: extraWords } : { action: "re_search" })}>
            {t("article.materials.research")}
          </button>
        )}
      </footer>
      {allowed.has("add_material") && <OwnMaterialForm disabled={busy} onAdd={(material) => run({ action: "add_material", material })} />}
    </section>
  );
}
