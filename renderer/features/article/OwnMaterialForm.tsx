import { useState } from "react";
import type { OwnMaterial } from "../../../shared/workflows/article.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { useApp } from "../../store/StoreProvider.js";
import { articleMessages } from "./messages.js";

/** Text files read in the renderer; the engine only receives their text. */
const TEXT_FILES = ".txt,.md,.markdown,.csv,.json,.html,.htm";

/** PAUSE-1: the writer's own material, pasted or imported from a text file, added next to the searched ones. */
export function OwnMaterialForm({ disabled, onAdd }: { disabled?: boolean; onAdd(material: OwnMaterial): Promise<unknown> }) {
  const t = useFeatureT(articleMessages);
  const pushError = useApp((s) => s.pushError);
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [source, setSource] = useState("");

  const add = async () => {
    if (!title.trim() || !content.trim()) {
      pushError({ code: "bad_request", message: t("article.ownNeedText") });
      return;
    }
    await onAdd({ title: title.trim(), content: content.trim(), ...(source.trim() ? { source: source.trim() } : {}) });
    setTitle("");
    setContent("");
    setSource("");
    setOpen(false);
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setContent((await file.text()).slice(0, 20_000));
    if (!title.trim()) setTitle(file.name.replace(/\.[^.]+$/, ""));
    if (!source.trim()) setSource(file.name);
  };

  if (!open) {
    return (
      <div className="card__actions">
        <button type="button" className="btn btn--small" onClick={() => setOpen(true)} data-own-material="">
          ＋ {t("article.ownMaterial")}
        </button>
      </div>
    );
  }
  return (
    <form
      className="own-material"
      aria-label={t("article.ownMaterial")}
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <label className="field">
        <span className="field__label">{t("article.ownTitle")}</span>
        <input className="input" value={title} maxLength={300} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">{t("article.ownContent")}</span>
        <textarea className="input" rows={4} value={content} maxLength={20_000} onChange={(e) => setContent(e.target.value)} />
      </label>
      <div className="toolbar">
        <label className="btn btn--small">
          {t("article.ownImport")}
          <input type="file" accept={TEXT_FILES} hidden onChange={(e) => void importFile(e.target.files?.[0])} />
        </label>
        <input className="input input--small" aria-label={t("article.ownSource")} placeholder={t("article.ownSource")} value={source} onChange={(e) => setSource(e.target.value)} />
        <span className="toolbar__spacer" />
        <button type="submit" className="btn btn--primary btn--small" disabled={disabled}>
          {t("article.ownAdd")}
        </button>
      </div>
    </form>
  );
}
