import { useApp, useT } from "../store/StoreProvider.js";
import type { MessageKey } from "../i18n/translate.js";
import { resolveLabel } from "../i18n/defineMessages.js";
import { DEFAULT_SCREEN, featureForScreen } from "../features/registry.js";

/** Sessions, newest first: open (continue) one, delete one, or start a new article. */
export function SessionList() {
  const t = useT();
  const sessions = useApp((s) => s.sessions);
  const currentId = useApp((s) => s.current.sessionId);
  const openSession = useApp((s) => s.openSession);
  const closeSession = useApp((s) => s.closeSession);
  const deleteSession = useApp((s) => s.deleteSession);
  const setScreen = useApp((s) => s.setScreen);
  const screen = useApp((s) => s.screen);
  const locale = useApp((s) => s.locale);
  const askConfirm = useApp((s) => s.askConfirm);
  const feature = featureForScreen(screen) ?? featureForScreen(DEFAULT_SCREEN);
  const sorted = [...sessions].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return (
    <nav className="sessions" aria-label={t("sessions.title")}>
      <button
        type="button"
        className="btn btn--primary btn--wide"
        onClick={() => {
          closeSession();
          setScreen(feature?.screen ?? DEFAULT_SCREEN);
        }}
      >
        + {resolveLabel(feature?.newLabel ?? "sessions.new", t, locale)}
      </button>
      <h3 className="sessions__title">{t("sessions.title")}</h3>
      {sorted.length === 0 && <p className="muted small">{t("sessions.empty")}</p>}
      <ul className="sessions__list">
        {sorted.map((s) => (
          <li key={s.id} className={`session${s.id === currentId ? " session--active" : ""}`}>
            <button type="button" className="session__open" onClick={() => openSession(s.id)} aria-current={s.id === currentId}>
              <span className="session__title">{s.title || t("sessions.untitled")}</span>
              <span className="session__meta">
                <span className={`pill pill--${s.status}`}>{t(`status.${s.status}` as MessageKey)}</span>
                {s.pausePoint && <span>{t(`pause.${s.pausePoint}` as MessageKey)}</span>}
              </span>
            </button>
            <button
              type="button"
              className="icon-btn icon-btn--danger session__delete"
              aria-label={`${t("sessions.delete")} ${s.title}`}
              onClick={() => {
                void askConfirm({ message: t("sessions.deleteConfirm"), confirmLabel: t("common.delete"), danger: true }).then((ok) => {
                  if (ok) void deleteSession(s.id);
                });
              }}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
