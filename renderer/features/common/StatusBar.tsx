import { useEffect, useState } from "react";
import { useApp, useT } from "../../store/StoreProvider.js";
import { selectRunningStep, shownStatus } from "../../store/selectors.js";
import { streamRate, workedSeconds } from "../../store/applyEvent.js";
import { formatDuration } from "../../components/format.js";
import { ProgressBar } from "../../components/ProgressBar.js";
import { statusLabel, stepLabel, translateOr } from "../../i18n/defineMessages.js";
import { appChatModel } from "./appChatModel.js";

/**
 * Current agent, step, elapsed time and streaming speed of the open session, with a stop button while
 * it runs; sections n/m while a draft streams when the workflow says how many it planned.
 */
export function StatusBar({ plannedSections = 0 }: { plannedSections?: number }) {
  const t = useT();
  const locale = useApp((s) => s.locale);
  const status = useApp((s) => s.current.status);
  const workflow = useApp((s) => s.current.workflow);
  const startedAt = useApp((s) => s.current.startedAt);
  const waitedMs = useApp((s) => s.current.waitedMs);
  const clockStoppedAt = useApp((s) => s.current.clockStoppedAt);
  const rate = useApp((s) => s.current.rate);
  // The session's own model (run.start's model_name), which it keeps whatever the app's model becomes.
  const sessionModel = useApp((s) => s.current.model);
  // A session started without one writes with the app's chat model, named as such.
  const chatModel = useApp((s) => (s.current.sessionId && !s.current.model ? appChatModel(s.settings) : null));
  const step = useApp(selectRunningStep);
  const cancelRun = useApp((s) => s.cancelRun);
  // While the server is out of reach nothing is known to progress: the clock and the rate stand still.
  const connection = useApp((s) => s.connection);
  const offline = connection === "offline" || connection === "locked";
  const shown = shownStatus(status, connection);
  // Waiting for the user is not working time: the clock stands still at a pause and after the end.
  const now = useNow(!offline && status === "running" && clockStoppedAt === null);
  const elapsed = workedSeconds({ startedAt, waitedMs, clockStoppedAt }, now);
  const perSecond = step && !offline ? streamRate(rate) : null;
  // Sections n/m while a draft streams (sections are written concurrently; n = sections begun).
  const begun = useApp((s) => (s.current.streamingSections ? s.current.streamingSections.filter(Boolean).length : -1));
  const planned = plannedSections;
  const sections = begun >= 0 && planned > 0 ? { n: begun, m: planned } : null;
  return (
    <div className="statusbar" role="status" aria-label="status">
      <span className={`statusbar__state state--${shown}`}>{statusLabel(locale, workflow, shown)}</span>
      {sessionModel && (
        <span className="statusbar__model ellipsis" data-testid="session-model" title={sessionModel}>
          {t("session.model", { m: sessionModel })}
        </span>
      )}
      {chatModel && (
        <span className="statusbar__model ellipsis" data-testid="session-model" title={chatModel}>
          {t("session.modelFollows", { m: chatModel })}
        </span>
      )}
      {step && <span>{t("status.agent", { agent: translateOr(locale, `agent.${step.agent}`) })}</span>}
      {step && <span>{t("status.step", { step: stepLabel(locale, workflow, step) })}</span>}
      {startedAt && <span>{t("status.elapsed", { t: formatDuration(elapsed) })}</span>}
      {perSecond !== null && <span>{t("status.rate", { r: perSecond.toFixed(1) })}</span>}
      {sections && sections.m > 0 && (
        <span className="statusbar__sections">
          {t("status.sections", { n: Math.min(sections.n, sections.m), m: sections.m })}
          <ProgressBar value={Math.min(sections.n, sections.m) / sections.m} label={t("status.sections", { n: Math.min(sections.n, sections.m), m: sections.m })} />
        </span>
      )}
      <span className="toolbar__spacer" />
      {/* Offline, a stop cannot reach the engine: the button says why instead of doing nothing. */}
      {status === "running" && (
        <button type="button" className="btn btn--small btn--ghost" disabled={offline} title={offline ? t("status.cancelOffline") : undefined} onClick={() => void cancelRun()}>
          {t("status.cancel")}
        </button>
      )}
    </div>
  );
}

/** Re-renders once a second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
