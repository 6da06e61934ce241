import { useApp } from "../../store/StoreProvider.js";
import type { PauseEntry, TimelineEntry } from "../../store/sessionView.js";
import { Timeline } from "../common/Timeline.js";
import { StatusBar } from "../common/StatusBar.js";
import { IntentForm } from "./IntentForm.js";
import { ArticleDocumentPane } from "./ArticleDocumentPane.js";
import { MaterialDialog } from "./MaterialDialog.js";
import { MaterialsCard } from "./MaterialsCard.js";
import { OutlineCard } from "./OutlineCard.js";
import { ReviewCard } from "./ReviewCard.js";
import { ArticleInterventionCard } from "./ArticleInterventionCard.js";
import { RetryButton } from "./RetryButton.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { stepText } from "../../i18n/defineMessages.js";
import { articleMessages } from "./messages.js";
import { upcomingSteps } from "./upcomingSteps.js";
import { ResolvedPauseSummary } from "./ResolvedPauseSummary.js";
import { selectArticle } from "./articleView.js";
import "./article.css";
import { RunErrorNotice } from "../common/RunErrorNotice.js";

const renderPause = (pause: PauseEntry) =>
  pause.pausePoint === "material_confirm" ? (
    <MaterialsCard key={pause.seq} pause={pause} />
  ) : pause.pausePoint === "outline_confirm" ? (
    <OutlineCard key={pause.seq} pause={pause} />
  ) : (
    <ArticleInterventionCard key={pause.seq} pause={pause} />
  );
const renderResolvedPause = (pause: PauseEntry) => <ResolvedPauseSummary pause={pause} />;
const renderEntry = (entry: TimelineEntry) => (entry.kind === "event" && entry.event.type === "review_ready" ? <ReviewCard review={entry.event.review} /> : null);
/** At PAUSE-4 the review the user decides on sits just above the card: show it first. */
const REVEAL_PREVIOUS = ["review_confirm"];

/** The article studio: intent and timeline on the left, the draft on the right. */
export function StudioScreen() {
  const t = useFeatureT(articleMessages);
  const hasSession = useApp((s) => s.current.sessionId !== null && s.current.workflow === "article");
  const title = useApp((s) => s.sessions.find((x) => x.id === s.current.sessionId)?.title ?? null);
  const locale = useApp((s) => s.locale);
  // "已定稿：第 N 版，X 字": the done line's numbers under the status word (the line itself says 定稿 too).
  const doneSummary = useApp((s) => {
    const { doneSummary: plain, doneSummaryText: text } = s.current;
    if (plain === null) return null;
    if (text?.key === "final" && typeof text.params?.v === "number" && typeof text.params.n === "number") return t("article.finishedLine", { v: text.params.v, n: text.params.n });
    return `${t("article.status.finished")} · ${stepText(locale, "article", "summary", text ?? undefined, plain)}`;
  });
  const error = useApp((s) => s.current.error);
  const timeline = useApp((s) => s.current.timeline);
  const plannedSections = useApp((s) => selectArticle(s).outline?.sections.length ?? 0);
  const upcoming = upcomingSteps(timeline, doneSummary !== null).map((step) => ({ ...step, label: t(`article.plan.${step.id}`) }));
  return (
    <div className="studio">
      <section className="pane pane--flow" aria-label={t("article.nav")}>
        {hasSession ? (
          <>
            <header className="pane__header">
              <h2 className="ellipsis" title={title ?? ""}>
                {title ?? t("sessions.untitled")}
              </h2>
            </header>
            <div className="pane__body">
              <Timeline
                renderPause={renderPause}
                renderEntry={renderEntry}
                renderResolvedPause={renderResolvedPause}
                revealPreviousAt={REVEAL_PREVIOUS}
                upcoming={upcoming}
              />
              {doneSummary && (
                <p className="notice notice--ok" role="status">
                  ✓ {doneSummary}
                </p>
              )}
              {error && (
                <RunErrorNotice error={error}>
                  <RetryButton />
                </RunErrorNotice>
              )}
            </div>
            {/* Current agent, step, elapsed time and tokens/s, at the bottom of the flow pane. */}
            <StatusBar plannedSections={plannedSections} />
          </>
        ) : (
          <div className="pane__body">
            <IntentForm />
          </div>
        )}
      </section>
      <ArticleDocumentPane />
      <MaterialDialog />
    </div>
  );
}
