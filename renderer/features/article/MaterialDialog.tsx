import { useEffect, useRef } from "react";
import { articleMessages } from "./messages.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { useApp } from "../../store/StoreProvider.js";
import { safeHref } from "../common/safeHref.js";
import { selectArticle } from "./articleView.js";

/** The material a citation chip points to, in a modal dialog. */
export function MaterialDialog() {
  const t = useFeatureT(articleMessages);
  const id = useApp((s) => s.openMaterialId);
  const material = useApp((s) => selectArticle(s).materials.find((m) => m.id === s.openMaterialId) ?? null);
  const close = useApp((s) => s.openMaterial);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (id && !dialog.open) dialog.showModal();
    if (!id && dialog.open) dialog.close();
  }, [id]);
  const href = safeHref(material?.url);
  return (
    <dialog ref={ref} className="dialog" aria-label={id ? t("draft.citation", { id }) : ""} onClose={() => close(null)}>
      {id && (
        <>
          <h3>
            <span className="material__id">{id}</span> {material?.title ?? t("article.draft.unknownMaterial", { id })}
          </h3>
          {material && (
            <>
              <p className="muted small">
                {material.source}
                {material.published_at ? ` · ${material.published_at}` : ""} · {Math.round(material.relevance_score * 100)}%
              </p>
              <p>{material.content}</p>
              {href && (
                <a href={href} target="_blank" rel="noopener noreferrer nofollow" referrerPolicy="no-referrer">
                  {t("article.materials.open")} ↗
                </a>
              )}
            </>
          )}
          <div className="card__actions">
            <button type="button" className="btn" onClick={() => close(null)}>
              {t("common.close")}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
