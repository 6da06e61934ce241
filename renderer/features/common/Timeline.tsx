import { useEffect, useRef } from "react";
import type { PauseEntry, StepEntry, TimelineEntry } from "../../store/sessionView.js";
import { useApp, useT } from "../../store/StoreProvider.js";
import { formatClock } from "../../components/format.js";
import type { MessageKey } from "../../i18n/translate.js";
import { MaterialsCard } from "./MaterialsCard.js";
import { OutlineCard } from "./OutlineCard.js";
import { ReviewCard } from "./ReviewCard.js";
import { InterventionCard } from "./InterventionCard.js";

/** The vertical timeline of the run: steps, reviews and pauses in event order. */
export function Timeline() {
  const t = useT();
  const timeline = useApp((s) => s.current.timeline);
  const openPause = useApp((s) => s.current.pause);
  return (
    <ol className="timeline" aria-label={t("timeline.title")}>
      {timeline.map((entry) => (
        <TimelineItem key={`${entry.kind}-${entry.seq}`} entry={entry} open={openPause?.seq === entry.seq} />
      ))}
    </ol>
  );
}

function TimelineItem({ entry, open }: { entry: TimelineEntry; open: boolean }) {
  switch (entry.kind) {
    case "step":
      return <StepItem step={entry} />;
    case "review":
      return (
        <li className="timeline__item">
          <Dot status="done" agent="editor" />
          <div className="timeline__content">
            <ReviewCard review={entry.review} />
          </div>
        </li>
      );
    case "pause":
      return <PauseItem pause={entry} open={open} />;
  }
}

function Dot({ status, agent }: { status: "done" | "running" | "waiting"; agent: string }) {
  const t = useT();
  return <span className={`dot dot--${status} dot--${agent}`} role="img" aria-label={t(`step.${status}`)} />;
}

function StepItem({ step }: { step: StepEntry }) {
  const t = useT();
  return (
    <li className={`timeline__item timeline__item--${step.status}`} data-step={step.step}>
      <Dot status={step.status} agent={step.agent} />
      <details className="timeline__content step">
        <summary>
          <span className={`agent agent--${step.agent}`}>{t(`agent.${step.agent}` as MessageKey)}</span>
          <span className="step__label">{step.label}</span>
          <time className="step__time" dateTime={step.startedAt}>{formatClock(step.startedAt)}</time>
          <span className="step__summary">{step.summary ?? t("step.running")}</span>
        </summary>
        <dl className="step__detail">
          <dt>{t("timeline.details")}</dt>
          <dd>{step.summary ?? "…"}</dd>
          {step.durationMs !== null && (
            <>
              <dt>⏱</dt>
              <dd>{(step.durationMs / 1000).toFixed(1)} s</dd>
            </>
          )}
        </dl>
      </details>
    </li>
  );
}

function PauseItem({ pause, open }: { pause: PauseEntry; open: boolean }) {
  const t = useT();
  const ref = useRef<HTMLLIElement>(null);
  // A new pause is where the user must act: bring its card into view.
  useEffect(() => {
    if (!open || !ref.current) return;
    // At PAUSE-4 the review the user decides on sits just above the card: show it first.
    const target = pause.pausePoint === "review_confirm" ? (ref.current.previousElementSibling ?? ref.current) : ref.current;
    target.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [open, pause.pausePoint]);
  const title = t(`pause.${pause.pausePoint}` as MessageKey);
  if (!open) {
    return (
      <li className="timeline__item timeline__item--resolved">
        <Dot status={pause.resolvedAction ? "done" : "waiting"} agent="user" />
        <div className="timeline__content pause-resolved">
          <span className="agent agent--user">{title}</span>
          <time className="step__time" dateTime={pause.at}>{formatClock(pause.at)}</time>
          {pause.resolvedAction && (
            <span className="step__summary">{t("timeline.resolved", { action: t(`action.${pause.resolvedAction}` as MessageKey) })}</span>
          )}
        </div>
      </li>
    );
  }
  return (
    <li ref={ref} className="timeline__item timeline__item--waiting">
      <Dot status="waiting" agent="user" />
      <div className="timeline__content">
        <p className="pause-banner">{t("timeline.pause")}</p>
        {pause.pausePoint === "material_confirm" ? (
          <MaterialsCard key={pause.seq} pause={pause} />
        ) : pause.pausePoint === "outline_confirm" ? (
          <OutlineCard key={pause.seq} pause={pause} />
        ) : (
          <InterventionCard key={pause.seq} pause={pause} />
        )}
      </div>
    </li>
  );
}
