import { useState } from "react";
import type { Material } from "../../../shared/knowledge.js";
import { useT } from "../../store/StoreProvider.js";
import { relevanceBand } from "../../components/format.js";
import { safeHref } from "../common/safeHref.js";

/** One material, collapsed: checkbox, two-line title, source · date · relevance; summary on demand. */
export function MaterialItem({ material, checked, onToggle, disabled }: { material: Material; checked: boolean; onToggle(): void; disabled?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const band = relevanceBand(material.relevance_score);
  const percent = Math.round(material.relevance_score * 100);
  const href = safeHref(material.url);
  return (
    <li className={`material${checked ? " material--checked" : ""}`} data-material-id={material.id}>
      <label className="material__check">
        <input type="checkbox" checked={checked} onChange={onToggle} disabled={disabled} aria-label={t("materials.select", { title: material.title })} />
      </label>
      <div className="material__body">
        <div className="material__title" title={material.title}>
          <span className="material__id">{material.id}</span> {material.title}
        </div>
        <div className="material__meta">
          <span>{material.source}</span>
          {material.published_at && <span> · {material.published_at}</span>}
          <span className="material__relevance">
            <span className={`relevance relevance--${band}`} role="meter" aria-label={t("materials.relevance", { p: percent })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <span className="relevance__fill" style={{ width: `${percent}%` }} />
            </span>
            <span className="material__percent">{percent}%</span>
          </span>
        </div>
        <div className="material__actions">
          <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t("materials.summary")} {open ? "▴" : "▾"}
          </button>
          {href && (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow" referrerPolicy="no-referrer" className="link-button">
              {t("materials.open")} ↗
            </a>
          )}
        </div>
        {open && <p className="material__summary">{material.content}</p>}
      </div>
    </li>
  );
}
