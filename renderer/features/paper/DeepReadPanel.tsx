import type { PaperAnswer } from "../../../shared/workflows/paper.js";
import { AnswerText } from "./AnswerText.js";
import type { PaperTranslate } from "./messages.js";

const STAGES = ["extraction", "analysis", "synthesis"] as const;

/** The deep read's three stages (live while running) and every claim's verdict with its page. */
export function DeepReadPanel({
  t,
  stages,
  answer,
  onCite,
}: {
  t: PaperTranslate;
  stages: Partial<Record<(typeof STAGES)[number], string>>;
  answer: PaperAnswer | null;
  onCite(page: number, paper: number | null): void;
}) {
  const claims = answer?.claims ?? [];
  return (
    <section className="paper-deep" aria-label={t("paper.deepRead")} data-testid="deep-read-panel">
      <h3>{t("paper.deepRead")}</h3>
      <ol className="paper-deep__stages">
        {STAGES.map((stage) => (
          <li key={stage} className={`paper-deep__stage${stages[stage] ? " is-done" : ""}`} data-stage={stage}>
            <strong>{t(`paper.stage.${stage}`)}</strong>
            {stages[stage] && <AnswerText text={stages[stage]} onCite={onCite} />}
          </li>
        ))}
      </ol>
      {answer && (
        <>
          <h4>{t("paper.claims", { n: answer.halluc_iteration ?? 0 })}</h4>
          <ul className="paper-deep__claims">
            {claims.map((claim) => (
              <li key={claim.id} className={`paper-claim paper-claim--${claim.label}`} data-verdict={claim.label}>
                <span aria-hidden>{claim.label === "supported" ? "✓" : "✗"}</span> {claim.claim}{" "}
                <span className="muted small">{claim.label === "supported" ? t("paper.supported") : t("paper.unsupported")}</span>
                {claim.evidence && (
                  <button type="button" className="paper-cite" onClick={() => onCite(claim.evidence!.page, null)}>
                    p.{claim.evidence.page}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
