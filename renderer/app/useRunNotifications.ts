import { useEffect, useRef } from "react";
import { useApp, useT } from "../store/StoreProvider.js";
import { pauseLabel, statusLabel, stepText } from "../i18n/defineMessages.js";
import { describeError } from "./ErrorBanner.js";
import type { RunStatus } from "../store/sessionView.js";

/** A status change older than this is a replay (reload, reopened session), not news. */
const FRESH_MS = 10_000;

/**
 * Browser mode: a system notification (Notifications API, when the user allowed it) when the open
 * run reaches a pause, finishes or fails while the tab is in the background. In Electron the main
 * process shows a native Notification instead (electron/main/runNotifier.ts), so this stays quiet.
 */
export function useRunNotifications(): void {
  const status = useApp((s) => s.current.status);
  const sessionId = useApp((s) => s.current.sessionId);
  const at = useApp((s) => s.current.pause?.at ?? s.current.endedAt);
  const pausePoint = useApp((s) => s.current.pause?.pausePoint ?? null);
  const workflow = useApp((s) => s.current.workflow);
  const locale = useApp((s) => s.locale);
  const t = useT();
  const summary = useApp((s) => (s.current.doneSummary === null ? null : stepText(s.locale, s.current.workflow, "summary", s.current.doneSummaryText ?? undefined, s.current.doneSummary)));
  const error = useApp((s) => s.current.error);
  const previous = useRef<{ id: string | null; status: RunStatus }>({ id: null, status: "idle" });
  useEffect(() => {
    const before = previous.current;
    previous.current = { id: sessionId, status };
    if (window.scriptorium || typeof Notification === "undefined" || Notification.permission !== "granted") return;
    if (before.id !== sessionId || before.status === status) return;
    if (status !== "paused" && status !== "done" && status !== "error") return;
    if (!at || Date.now() - Date.parse(at) > FRESH_MS) return;
    if (document.visibilityState === "visible" && document.hasFocus()) return;
    const title = `Scriptorium：${statusLabel(locale, workflow, status)}`;
    const body = status === "paused" ? (pausePoint ? pauseLabel(locale, workflow, pausePoint) : "") : status === "error" && error ? describeError(t, error) : (summary ?? "");
    new Notification(title, { body, tag: sessionId ?? undefined });
  }, [status, sessionId, at, pausePoint, summary, error, workflow, locale, t]);
}
