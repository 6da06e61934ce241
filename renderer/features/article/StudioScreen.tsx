import { useApp, useT } from "../../store/StoreProvider.js";
import { IntentForm } from "./IntentForm.js";
import { Timeline } from "./Timeline.js";
import { StatusBar } from "./StatusBar.js";
import { DraftPane } from "./DraftPane.js";
import { MaterialDialog } from "./MaterialDialog.js";

/** The article studio: intent and timeline on the left, the draft on the right. */
export function StudioScreen() {
  const t = useT();
  const hasSession = useApp((s) => s.current.sessionId !== null && s.current.workflow !== "chat");
  const title = useApp((s) => s.sessions.find((x) => x.id === s.current.sessionId)?.title ?? null);
  const doneSummary = useApp((s) => s.current.doneSummary);
  const error = useApp((s) => s.current.error);
  return (
    <div className="studio">
      <section className="pane pane--flow" aria-label={t("nav.studio")}>
        {hasSession ? (
          <>
            <header className="pane__header">
              <h2 className="ellipsis" title={title ?? ""}>{title ?? t("sessions.untitled")}</h2>
            </header>
            <StatusBar />
            <div className="pane__body">
              <Timeline />
              {doneSummary && (
                <p className="notice notice--ok" role="status">
                  ✓ {t("status.finished")} · {doneSummary}
                </p>
              )}
              {error && (
                <p className="notice notice--error" role="alert">
                  {error.message}
                </p>
              )}
            </div>
          </>
        ) : (
          <div className="pane__body">
            <IntentForm />
          </div>
        )}
      </section>
      <DraftPane />
      <MaterialDialog />
    </div>
  );
}
