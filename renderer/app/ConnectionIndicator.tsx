import { useApp } from "../store/StoreProvider.js";
import { useFeatureT } from "../i18n/useFeatureT.js";
import { connectionMessages } from "./connectionMessages.js";
import "./connection.css";

/**
 * Says when the page has lost its server (browser mode) and when it is back. Nothing while online:
 * the indicator only speaks when what the page shows may be out of date.
 */
export function ConnectionIndicator() {
  const t = useFeatureT(connectionMessages);
  const connection = useApp((s) => s.connection);
  if (connection !== "offline" && connection !== "restored") return null;
  const offline = connection === "offline";
  return (
    <div className={`connection connection--${connection}`} role="status" aria-live="polite" data-testid="connection-indicator">
      <strong>{offline ? t("connection.offline") : t("connection.restored")}</strong>
      {offline && <span className="connection__retry">{t("connection.reconnecting")}</span>}
      <span className="connection__hint">{offline ? t("connection.offlineHint") : t("connection.restoredHint")}</span>
    </div>
  );
}
