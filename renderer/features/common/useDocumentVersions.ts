import { useEffect, useState } from "react";
import type { DraftVersion } from "../../../shared/article.js";
import { useApp } from "../../store/StoreProvider.js";

/** The session's draft versions, refetched whenever a new version appears in the event log. */
export function useVersions(): DraftVersion[] {
  const api = useApp((s) => s.api);
  const sessionId = useApp((s) => s.current.sessionId);
  const latest = useApp((s) => s.current.version?.number ?? 0);
  const pauseSeq = useApp((s) => s.current.pause?.seq ?? 0);
  const [versions, setVersions] = useState<DraftVersion[]>([]);
  useEffect(() => {
    if (!sessionId || latest === 0) {
      setVersions([]);
      return;
    }
    let live = true;
    api.call("article.versions", { sessionId }).then(
      (r) => live && setVersions(r.versions),
      () => live && setVersions([]),
    );
    return () => {
      live = false;
    };
  }, [api, sessionId, latest, pauseSeq]);
  return versions;
}

/** Markdown of one version, or null while loading / when `number` is null. */
export function useVersionText(number: number | null): string | null {
  const api = useApp((s) => s.api);
  const sessionId = useApp((s) => s.current.sessionId);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(null);
    if (!sessionId || number === null) return;
    let live = true;
    api.call("article.version", { sessionId, number }).then(
      (r) => live && setText(r.markdown),
      () => live && setText(null),
    );
    return () => {
      live = false;
    };
  }, [api, sessionId, number]);
  return text;
}
