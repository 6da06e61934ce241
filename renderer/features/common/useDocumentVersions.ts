import { useEffect, useState } from "react";
import { useApp } from "../../store/StoreProvider.js";
import { documentApi, type DocumentVersion } from "./documentApi.js";

/**
 * The open session's document versions, refetched whenever a new version appears in the event
 * log (a `draft_ready`, a pause) or `refresh` changes (after a restore).
 */
export function useDocumentVersions(refresh = 0): DocumentVersion[] {
  const api = useApp((s) => s.api);
  const sessionId = useApp((s) => s.current.sessionId);
  const latest = useApp((s) => s.current.version?.number ?? 0);
  const pauseSeq = useApp((s) => s.current.pause?.seq ?? 0);
  const lastSeq = useApp((s) => (s.current.status === "done" ? s.current.lastSeq : 0));
  const [versions, setVersions] = useState<DocumentVersion[]>([]);
  useEffect(() => {
    if (!sessionId || (latest === 0 && refresh === 0 && lastSeq === 0)) {
      setVersions([]);
      return;
    }
    let live = true;
    documentApi.versions(api, sessionId).then(
      (v) => live && setVersions(v),
      () => live && setVersions([]),
    );
    return () => {
      live = false;
    };
  }, [api, sessionId, latest, pauseSeq, refresh, lastSeq]);
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
    documentApi.version(api, sessionId, number).then(
      (r) => live && setText(r.markdown),
      () => live && setText(null),
    );
    return () => {
      live = false;
    };
  }, [api, sessionId, number]);
  return text;
}
