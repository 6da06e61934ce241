import { useState } from "react";
import type { Material } from "../../../shared/knowledge.js";
import { relevanceBand } from "../../components/format.js";
import { safeHref } from "../common/safeHref.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { preview } from "./articleText.js";
import { articleMessages } from "./messages.js";

/**
 * One material, collapsed by default (the brief's §13.2): checkbox, two-line title with ▶, source ·
 * date · relevance, its rank, the intranet's department and classification. Opened (▼): the first
 * 200 characters of its summary with "…展开" for the rest, its extra fields and the link to the
 * original. Without `onToggle` it is read-only (the timeline's reopened package).
 */
export function MaterialItem({
  material,
  checked,
  onToggle,
  disabled,
  rank,
}: {
  material: Material;
  checked: boolean;
  onToggle?: () => void;
  disabled?: boolean;
  rank?: number;
}) {
  const t = useFeatureT(articleMessages);
  const [expanded, setExpanded] = useState(false);
  const [open, setOpen] = useState(false);
  const summary = preview(material.content);
  const extra = Object.entries(material.extra_metadata ?? {});
  const band = relevanceBand(material.relevance_score);
  const percent = Math.round(material.relevance_score * 100);
  const href = safeHref(material.url);
  return (
    <li className={`material${checked ? " material--checked" : ""}`} data-material-id={material.id}>
      {onToggle && (
        <label className="material__check">
          <input
            type="checkbox"
            checked={checked}
            onChange={onToggle}
            disabled={disabled}
            aria-label={t("article.materials.select", { title: material.title })}
          />
        </label>
      )}
      <div className="material__body">
        <button
          type="button"
          className="material__title material__toggle"
          title={material.title}
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="material__id">{material.id}</span> {material.title}
          <span className="material__chevron" aria-hidden="true">
            {expanded ? "▼" : "▶"}
          </span>
        </button>
        <div className="material__meta">
          <span>{material.source}</span>
          {material.published_at && <span> · {material.published_at}</span>}
          {rank !== undefined && <span className="tag tag--rank"> {t("article.rank", { n: rank })}</span>}
          {material.department && <span className="tag"> {t("article.department", { v: material.department })}</span>}
          {material.classification && <span className="tag tag--classification"> {t("article.classification", { v: material.classification })}</span>}
          <span className="material__relevance">
            <span
              className={`relevance relevance--${band}`}
              role="meter"
              aria-label={t("article.materials.relevance", { p: percent })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <span className="relevance__fill" style={{ width: `${percent}%` }} />
            </span>
            <span className="material__percent">{percent}%</span>
          </span>
        </div>
        {expanded && (
          <>
            <p className="material__summary">
              {open ? material.content : summary.text.replace(/…$/, "")}
              {(summary.more || extra.length > 0) && (
                <button type="button" className="link-button material__more" aria-expanded={open} onClick={() => setOpen(!open)}>
                  {open ? ` ${t("article.lessText")}` : t("article.moreText")}
                </button>
              )}
            </p>
            {href && (
              <div className="material__actions">
                <a href={href} target="_blank" rel="noopener noreferrer nofollow" referrerPolicy="no-referrer" className="link-button">
                  {t("article.materials.open")} →
                </a>
              </div>
            )}
          </>
        )}
        {expanded && open && extra.length > 0 && (
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
