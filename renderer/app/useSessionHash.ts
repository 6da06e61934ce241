import { useEffect } from "react";
import { useApp } from "../store/StoreProvider.js";

const PREFIX = "#session=";

/**
 * Keeps the open session in the URL hash, so a reload (or a reconnect after the server
 * restarted) reopens it and rebuilds it from its event log instead of landing on an empty form.
 */
export function useSessionHash(ready: boolean): void {
  const sessionId = useApp((s) => s.current.sessionId);
  const openSession = useApp((s) => s.openSession);
  useEffect(() => {
    if (!ready) return;
    const fromHash = location.hash.startsWith(PREFIX) ? decodeURIComponent(location.hash.slice(PREFIX.length)) : "";
    if (fromHash && fromHash !== sessionId) openSession(fromHash);
    // Only on start-up (deps deliberately [ready]): later changes flow from the store to the hash.
  }, [ready]);
  useEffect(() => {
    if (!ready) return;
    const next = sessionId ? `${PREFIX}${encodeURIComponent(sessionId)}` : "";
    if (location.hash !== next) history.replaceState(null, "", `${location.pathname}${location.search}${next}`);
  }, [ready, sessionId]);
}
