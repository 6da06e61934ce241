import { useEffect, useRef, type ReactNode } from "react";
import type { PauseEntry, StepEntry, TimelineEntry } from "../../store/sessionView.js";
import { useApp, useT } from "../../store/StoreProvider.js";
import { formatClock, formatDuration } from "../../components/format.js";
import { stepSecondsLeft } from "../../store/stepSecondsLeft.js";
import { actionLabel, pauseLabel, stepLabel, stepSummary, translateOr } from "../../i18n/defineMessages.js";
import { InterventionCard } from "./InterventionCard.js";

export interface TimelineProps {
  /** The card of the open pause; default: an `InterventionCard` with exactly the pause's actions. */
  renderPause?: (pause: PauseEntry) => ReactNode;
  /** The workflow's own events its reducer puts in the timeline (the article's reviews); unrendered by default. */
  renderEntry?: (entry: TimelineEntry) => ReactNode;
  /** Pause points whose card scrolls the entry above it into view first (the review it decides on). */
  revealPreviousAt?: readonly string[];
  /** What an answered pause keeps showing under its one line (the article: the package or outline, reopenable). */
  renderResolvedPause?: (pause: PauseEntry) => ReactNode;
  /** Steps still to come, shown after the entries as grey dots (the workflow computes them). */
  upcoming?: ReadonlyArray<{ id: string; agent: string; label: string }>;
}

/** The vertical timeline of a run: steps, workflow entries and pauses in event order. */
export function Timeline({ renderPause, renderEntry, renderResolvedPause, revealPreviousAt = [], upcoming = [] }: TimelineProps) {
  const t = useT();
  const timeline = useApp((s) => s.current.timeline);
  const openPause = useApp((s) => s.current.pause);
  return (
    <ol className="timeline" aria-label={t("timeline.title")}>
      {timeline.map((entry) => {
        const key = `${entry.kind}-${entry.seq}`;
        if (entry.kind === "step") return <StepItem key={key} step={entry} />;
        if (entry.kind === "pause")
          return (
            <PauseItem
              key={key}
              pause={entry}
              open={openPause?.seq === entry.seq}
              renderPause={renderPause}
              renderResolved={renderResolvedPause}
              revealPrevious={revealPreviousAt.includes(entry.pausePoint)}
            />
          );
        const content = renderEntry?.(entry);
        return content ? (
          <li key={key} className="timeline__item">
            <Dot status="done" agent="editor" />
            <div className="timeline__content">{content}</div>
          </li>
        ) : null;
      })}
      {upcoming.map((step) => (
        <li key={`upcoming-${step.id}`} className="timeline__item timeline__item--upcoming" data-upcoming={step.id}>
          <span className={`dot dot--upcoming dot--${step.agent}`} aria-hidden="true" />
          <div className="timeline__content muted">{step.label}</div>
        </li>
      ))}
    </ol>
  );
}

function Dot({ status, agent }: { status: "done" | "running" | "waiting" | "stopped"; agent: string }) {
  const t = useT();
  return <span className={`dot dot--${status} dot--${agent}`} role="img" aria-label={t(`step.${status}`)} />;
}

function StepItem({ step }: { step: StepEntry }) {
  const t = useT();
  const locale = useApp((s) => s.locale);
  const workflow = useApp((s) => s.current.workflow);
  // A step closed without its summary (the run failed or stopped, or a restart cut it) never reads 进行中.
  const stopped = step.status === "stopped" ? t(step.interrupted ? "step.interrupted" : "step.stopped") : null;
  const summary = stopped ?? stepSummary(locale, workflow, step);
  return (
    <li className={`timeline__item timeline__item--${step.status}`} data-step={step.step}>
      <Dot status={step.status} agent={step.agent} />
      <details className="timeline__content step">
        <summary>
          <span className={`agent agent--${step.agent}`}>{translateOr(locale, `agent.${step.agent}`)}</span>
          <span className="step__label">{stepLabel(locale, workflow, step)}</span>
          <time className="step__time" dateTime={step.startedAt}>
            {formatClock(step.startedAt)}
          </time>
          <span className="step__summary">{summary ?? t("step.running")}</span>
          {step.status === "running" && step.tokens && <StepRate tokens={step.tokens} />}
          {step.thinkingCut !== undefined && (
            <span className="step__note" data-thinking-cut>
              {t("timeline.thinkingCut", { n: step.thinkingCut })}
            </span>
          )}
        </summary>
        <dl className="step__detail">
          <dt>{t("timeline.details")}</dt>
          <dd>{summary ?? "…"}</dd>
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

/** A running step's token rate and, with a budget, the time it may still take. */
function StepRate({ tokens }: { tokens: NonNullable<StepEntry["tokens"]> }) {
  const t = useT();
  const left = stepSecondsLeft(tokens);
  return (
    <span className="step__rate" data-step-rate={tokens.tokensPerSecond}>
      {t("timeline.rate", { r: tokens.tokensPerSecond.toFixed(1) })}
      {left !== null && (
        <span className="step__eta" data-step-eta={left}>
          {" · "}
          {t("timeline.secondsLeft", { t: formatDuration(left) })}
        </span>
      )}
    </span>
  );
}

function PauseItem({
  pause,
  open,
  renderPause,
  renderResolved,
  revealPrevious,
}: {
  pause: PauseEntry;
  open: boolean;
  renderPause: TimelineProps["renderPause"];
  renderResolved: TimelineProps["renderResolvedPause"];
  revealPrevious: boolean;
}) {
  const t = useT();
  const locale = useApp((s) => s.locale);
  const ref = useRef<HTMLLIElement>(null);
  // A new pause is where the user must act: bring its card into view.
  useEffect(() => {
    if (!open || !ref.current) return;
    const target = revealPrevious ? (ref.current.previousElementSibling ?? ref.current) : ref.current;
    target.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [open, revealPrevious]);
  const workflow = useApp((s) => s.current.workflow);
  const title = pauseLabel(locale, workflow, pause.pausePoint);
  if (!open) {
    return (
      <li className="timeline__item timeline__item--resolved">
        <Dot status={pause.resolvedAction ? "done" : "waiting"} agent="user" />
        <div className="timeline__content pause-resolved">
          <span className="agent agent--user">{title}</span>
          <time className="step__time" dateTime={pause.at}>
            {formatClock(pause.at)}
          </time>
          {pause.resolvedAction && <span className="step__summary">{t("timeline.resolved", { action: actionLabel(locale, workflow, pause.resolvedAction) })}</span>}
          {renderResolved?.(pause)}
        </div>
      </li>
    );
  }
  return (
    <li ref={ref} className="timeline__item timeline__item--waiting">
      <Dot status="waiting" agent="user" />
      <div className="timeline__content">
        <p className="pause-banner">{t("timeline.pause")}</p>
        {renderPause?.(pause) ?? <InterventionCard key={pause.seq} pause={pause} />}
      </div>
    </li>
  );
}
