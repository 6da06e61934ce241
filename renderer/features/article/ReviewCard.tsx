import type { Review } from "../../../shared/workflows/article.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { REVIEW_ASPECTS } from "../../../shared/workflows/article.js";
import { ScoreBar } from "../common/ScoreBar.js";
import { articleMessages } from "./messages.js";

/** The brief's verdict word per aspect (§13.5): 优秀 at 85 and above the pass mark, 通过 at the pass mark, else 需改进. */
export function aspectVerdict(score: number, threshold: number): "excellent" | "pass" | "improve" {
  if (score >= threshold && score >= 85) return "excellent";
  return score >= threshold ? "pass" : "improve";
}

/** The editor's three scored reviews, the weighted overall against the pass mark, and the issues. */
export function ReviewCard({ review }: { review: Review }) {
  const t = useFeatureT(articleMessages);
  const issues = REVIEW_ASPECTS.flatMap((aspect) => review[aspect].issues.map((issue) => ({ ...issue, aspect })));
  const groups = (["major", "minor"] as const).map((severity) => ({ severity, items: issues.filter((i) => i.severity === severity) }));
  const passed = review.verdict === "pass";
  return (
    <section className="card card--review" aria-label={t("article.review.title")}>
      <header className="card__header">
        <h3 className="review__heading">{t("article.reviewHeader", { n: review.round + 1 })}</h3>
        <span className="review__overall">{t("article.overallScore", { x: Math.round(review.overall) })}</span>
        <span className={`badge ${passed ? "badge--ok" : "badge--warn"}`}>{passed ? t("article.review.pass") : t("article.review.reject")}</span>
      </header>
      <div className="scores">
        {REVIEW_ASPECTS.map((aspect) => {
          const verdict = aspectVerdict(review[aspect].score, review.threshold);
          return (
            <div key={aspect} className="aspect-score" data-aspect={aspect}>
              <ScoreBar label={t(`article.review.${aspect}`)} score={review[aspect].score} />
              <span className={`aspect-verdict aspect-verdict--${verdict}`}>{t(`article.verdict.${verdict}`)}</span>
            </div>
          );
        })}
        <div className="overall">
          <ScoreBar label={t("article.review.overall")} score={review.overall} threshold={review.threshold} />
          <span className="muted small">{t("article.review.threshold", { t: review.threshold })}</span>
        </div>
      </div>
      {issues.length === 0 ? (
        <p className="muted">{t("article.review.noIssues")}</p>
      ) : (
        groups
          .filter((g) => g.items.length > 0)
          .map((group) => (
            <div key={group.severity} className={`issues issues--${group.severity}`}>
              <h4>
                {t(`article.review.${group.severity}`)} <span className="count">{group.items.length}</span>
              </h4>
              <ul>
                {group.items.map((issue, i) => (
                  <li key={i} className="issue">
                    <div className="issue__text">
                      <span className="tag tag--aspect">{t(`article.review.${issue.aspect}`)}</span> {issue.issue}
                    </div>
                    <div className="issue__meta">
                      <span>
                        {t("article.review.locationLine", { x: issue.location })}
                      </span>
                    </div>
                    <div className="issue__suggestion">
                      {t("article.review.suggestionLine", { x: issue.suggestion })}
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          ))
      )}
    </section>
  );
}
