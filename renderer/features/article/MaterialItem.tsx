import { useState } from "react";
import type { Material } from "../../../shared/knowledge.js";
import { relevanceBand } from "../../components/format.js";
import { safeHref } from "../common/safeHref.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { preview } from "./articleText.js";
import { articleMessages } from "./messages.js";

/**
 * One material: checkbox, two-line title, source · date · relevance, the intranet's department and
 * classification; the first 200 characters of its summary with 展开 for the rest (and its extra fields).
 */
export function MaterialItem({ material, checked, onToggle, disabled }: { material: Material; checked: boolean; onToggle(): void; disabled?: boolean }) {
  const t = useFeatureT(articleMessages);
  const [open, setOpen] = useState(false);
  const summary = preview(material.content);
  const extra = Object.entries(material.extra_metadata ?? {});
  const band = relevanceBand(material.relevance_score);
  const percent = Math.round(material.relevance_score * 100);
  const href = safeHref(material.url);
  return (
    <li className={`material${checked ? " material--checked" : ""}`} data-material-id={material.id}>
      <label className="material__check">
        <input type="checkbox" checked={checked} onChange={onToggle} disabled={disabled} aria-label={t("article.materials.select", { title: material.title })} />
      </label>
      <div className="material__body">
        <div className="material__title" title={material.title}>
          <span className="material__id">{material.id}</span> {material.title}
        </div>
        <div className="material__meta">
          <span>{material.source}</span>
          {material.published_at && <span> · {material.published_at}</span>}
          {material.department && <span className="tag"> {t("article.department", { v: material.department })}</span>}
          {material.classification && <span className="tag tag--classification"> {t("article.classification", { v: material.classification })}</span>}
          <span className="material__relevance">
            <span className={`relevance relevance--${band}`} role="meter" aria-label={t("article.materials.relevance", { p: percent })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <span className="relevance__fill" style={{ width: `${percent}%` }} />
            </span>
            <span className="material__percent">{percent}%</span>
          </span>
        </div>
        <p className="material__summary">{open ? material.content : summary.text}</p>
        <div className="material__actions">
          {(summary.more || extra.length > 0) && (
            <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? t("article.collapse") : t("article.expand")} {open ? "▴" : "▾"}
            </button>
          )}
          {href && (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow" referrerPolicy="no-referrer" className="link-button">
              {t("article.materials.open")} ↗
            </a>
          )}
        </div>
        {open && extra.length > 0 && (
          <dl className="material__extra">
            {extra.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{String(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </li>
  );
}
