import type { Outline } from "../../../shared/workflows/article.js";
import { articleMessages } from "./messages.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import type { Material } from "../../../shared/knowledge.js";

type Section = Outline["sections"][number];

/** An unfolded article outline section under its title row: key points and material tags. */
export function OutlineSectionDetails(props: { index: number; section: Section; materials: Material[]; onChange(section: Section): void }) {
  const t = useFeatureT(articleMessages);
  const { index, section, materials, onChange } = props;
  const n = index + 1;
  const setPoint = (i: number, value: string | null) => {
    const key_points = [...section.key_points];
    if (value === null) key_points.splice(i, 1);
    else key_points[i] = value;
    onChange({ ...section, key_points });
  };
  const unused = materials.filter((m) => !section.material_ids.includes(m.id));
  return (
    <>
      <ul className="keypoints">
        {section.key_points.map((point, i) => (
          <li key={i}>
            <input className="input input--small" aria-label={`${t("article.outline.keyPoint")} ${n}.${i + 1}`} value={point} onChange={(e) => setPoint(i, e.target.value)} />
            <button type="button" className="icon-btn" aria-label={`${t("common.remove")} ${t("article.outline.keyPoint")} ${n}.${i + 1}`} onClick={() => setPoint(i, null)}>×</button>
          </li>
        ))}
      </ul>
      <div className="outline-section__foot">
        <button type="button" className="link-button" disabled={section.key_points.length >= 12} onClick={() => setPoint(section.key_points.length, "")}>
          + {t("article.outline.addPoint")}
        </button>
        <span className="tags" role="group" aria-label={`${t("article.outline.materials")} ${n}`}>
          {section.material_ids.map((id) => (
            <span key={id} className="tag">
              {id}
              <button type="button" aria-label={`${t("common.remove")} ${id}`} onClick={() => onChange({ ...section, material_ids: section.material_ids.filter((x) => x !== id) })}>×</button>
            </span>
          ))}
          {unused.length > 0 && (
            <select
              className="input input--tiny"
              aria-label={`${t("article.outline.materials")} ${n} +`}
              value=""
              onChange={(e) => e.target.value && onChange({ ...section, material_ids: [...section.material_ids, e.target.value] })}
            >
              <option value="">+ {t("article.outline.materials")}</option>
              {unused.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.id} {m.title.slice(0, 24)}
                </option>
              ))}
            </select>
          )}
        </span>
      </div>
    </>
  );
}
