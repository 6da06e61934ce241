import type { PauseEntry } from "../../store/sessionView.js";
import { useApp } from "../../store/StoreProvider.js";
import { translateOr } from "../../i18n/defineMessages.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { MaterialItem } from "./MaterialItem.js";
import { articleMessages } from "./messages.js";
import { articleContext, selectArticle } from "./articleView.js";

/**
 * What an answered PAUSE-1 / PAUSE-2 keeps in the timeline (the brief's §13.6): "○ 研究院 搜集到 8 条
 * 素材 [素材列表 ▶]" and "○ 作家（大纲）已规划 3 个章节 [大纲预览 ▶]", folded by default and
 * reopenable, read-only: the package and the outline as they were at that pause.
 */
export function ResolvedPauseSummary({ pause }: { pause: PauseEntry }) {
  const t = useFeatureT(articleMessages);
  const locale = useApp((s) => s.locale);
  const confirmed = useApp((s) => selectArticle(s).confirmedOutline);
  const context = articleContext(pause);
  if (pause.pausePoint === "material_confirm") {
    const materials = context.materials ?? [];
    return (
      <div className="resolved-pause" data-resolved={pause.pausePoint}>
        <p className="resolved-pause__line">
          <span className="agent agent--researcher">{translateOr(locale, "agent.researcher")}</span> {t("article.materialsFound", { n: materials.length })}
        </p>
        <details className="resolved-pause__details">
          <summary>{t("article.materialsList")}</summary>
          <ul className="material-list material-list--readonly">
            {materials.map((m) => (
              <MaterialItem key={m.id} material={m} rank={m.rank} checked={false} />
            ))}
          </ul>
        </details>
      </div>
    );
  }
  if (pause.pausePoint === "outline_confirm" && context.outline) {
    // What the user confirmed (a renamed title, an added section) is what the draft is written from;
    // an outline sent back for re-planning keeps the model's.
    const edited = pause.resolvedAction !== null && pause.resolvedAction !== "re_outline" ? confirmed : null;
    const outline = edited ?? context.outline;
    return (
      <div className="resolved-pause" data-resolved={pause.pausePoint}>
        <p className="resolved-pause__line">
          <span className="agent agent--writer">{t("article.agentOutline")}</span>{" "}
          {edited
            ? t("article.outlineConfirmed", { planned: context.outline.sections.length, title: edited.title, n: edited.sections.length })
            : t("article.outlinePlanned", { n: outline.sections.length })}
        </p>
        <details className="resolved-pause__details">
          <summary>{t("article.outlinePreview")}</summary>
          <p className="resolved-pause__title">{outline.title}</p>
          <ol className="outline-preview">
            {outline.sections.map((s, i) => (
              <li key={i}>
                <strong>{s.section_title}</strong>
                {s.key_points.length > 0 && (
                  <ul>
                    {s.key_points.map((p, k) => (
                      <li key={k}>{p}</li>
                    ))}
                  </ul>
                )}
                {s.material_ids.length > 0 && <span className="muted small"> {s.material_ids.join(" ")}</span>}
              </li>
            ))}
          </ol>
        </details>
      </div>
    );
  }
  return null;
}
