import { useState } from "react";
import { useApp, useT } from "../store/StoreProvider.js";
import { useFeatureT } from "../i18n/useFeatureT.js";
import { sessionMessages } from "./messages.js";
import { pauseLabel, resolveLabel, statusLabel } from "../i18n/defineMessages.js";
import { featureForScreen } from "../features/registry.js";
import { shownStatus } from "../store/selectors.js";

/**
 * Sessions, newest first: search by title, open (continue) one, rename or delete one, or start a new
 * one of the screen's kind. A workflow's screen lists its own sessions (all of them on request);
 * Settings lists every session and offers no "new".
 */
export function SessionList() {
  const t = useT();
  const ts = useFeatureT(sessionMessages);
  const api = useApp((s) => s.api);
  const refreshSessions = useApp((s) => s.refreshSessions);
  const pushError = useApp((s) => s.pushError);
  const [query, setQuery] = useState("");
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const sessions = useApp((s) => s.sessions);
  const currentId = useApp((s) => s.current.sessionId);
  const openSession = useApp((s) => s.openSession);
  const closeSession = useApp((s) => s.closeSession);
  const deleteSession = useApp((s) => s.deleteSession);
  const setScreen = useApp((s) => s.setScreen);
  const screen = useApp((s) => s.screen);
  const locale = useApp((s) => s.locale);
  const connection = useApp((s) => s.connection);
  const askConfirm = useApp((s) => s.askConfirm);
  const [showAll, setShowAll] = useState(false);
  const feature = featureForScreen(screen);
  const own = feature ? sessions.filter((s) => (feature.workflows as readonly string[]).includes(s.workflow)) : sessions;
  const others = sessions.length - own.length;
  const listed = showAll ? sessions : own;
  // The same match as sessions.list {query}: title contains the text, case-insensitive.
  const needle = query.trim().toLowerCase();
  const sorted = [...listed].filter((s) => !needle || s.title.toLowerCase().includes(needle)).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const rename = async () => {
    if (!renaming) return;
    const title = renaming.title.trim();
    setRenaming(null);
    if (!title) return;
    try {
      await api.call("sessions.rename", { sessionId: renaming.id, title });
      await refreshSessions();
    } catch (error) {
      pushError(error);
    }
  };
  return (
    <nav className="sessions" aria-label={t("sessions.title")}>
      {feature && (
        <button
          type="button"
          className="btn btn--primary btn--wide"
          onClick={() => {
            closeSession();
            setScreen(feature.screen);
          }}
        >
          + {resolveLabel(feature.newLabel ?? "sessions.new", t, locale)}
        </button>
      )}
      <h3 className="sessions__title">{t("sessions.title")}</h3>
      {sessions.length > 0 && (
        <input
          className="input input--small"
          type="search"
          aria-label={ts("sessions.search")}
          placeholder={ts("sessions.search")}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      {sorted.length === 0 && !needle && <p className="muted small">{t("sessions.empty")}</p>}
      {sessions.length > 0 && sorted.length === 0 && needle && <p className="muted small">{ts("sessions.noMatch", { q: query.trim() })}</p>}
      {feature && others > 0 && (
        <button type="button" className="link-button small sessions__scope" aria-pressed={showAll} onClick={() => setShowAll((v) => !v)}>
          {showAll ? ts("sessions.onlyThis") : ts("sessions.showAll", { n: others })}
        </button>
      )}
      <ul className="sessions__list">
        {sorted.map((s) => (
          <li key={s.id} className={`session${s.id === currentId ? " session--active" : ""}`}>
            {renaming?.id === s.id ? (
              <input
                className="input input--small session__rename"
                aria-label={ts("sessions.renameTo")}
                autoFocus
                value={renaming.title}
                maxLength={200}
                onChange={(e) => setRenaming({ id: s.id, title: e.target.value })}
                onBlur={() => void rename()}
                onKeyDown={(e) => {
                  if (e.key === "Enter") void rename();
                  if (e.key === "Escape") setRenaming(null);
                }}
              />
            ) : (
              <button type="button" className="session__open" onClick={() => openSession(s.id)} aria-current={s.id === currentId}>
                <span className="session__title" title={s.title || undefined}>
                  {s.title || t("sessions.untitled")}
                </span>
                <span className="session__meta">
                  <span className={`pill pill--${shownStatus(s.status, connection)}`}>
                    {statusLabel(locale, s.workflow, shownStatus(s.status, connection))}
                  </span>
                  {s.pausePoint && pauseLabel(locale, s.workflow, s.pausePoint) !== statusLabel(locale, s.workflow, s.status) && (
                    <span>{pauseLabel(locale, s.workflow, s.pausePoint)}</span>
                  )}
                </span>
              </button>
            )}
            <button
              type="button"
              className="icon-btn session__rename-btn"
              aria-label={`${ts("sessions.rename")} ${s.title}`}
              onClick={() => setRenaming({ id: s.id, title: s.title })}
            >
              ✎
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
