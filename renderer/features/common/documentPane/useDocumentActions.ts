import { useRef, useState } from "react";
import { useApp } from "../../../store/StoreProvider.js";
import { documentApi } from "../documentApi.js";
import type { RewriteFn } from "../DocumentEditorSlot.js";
import { rewriteSelection } from "../rewriteSelection.js";

/**
 * What the document pane asks of the open session: restore a version, rewrite a selection, store an
 * accepted rewrite. `restored` counts the stored changes, so the version list refetches after each.
 */
export function useDocumentActions(onEdit: (text: string | null) => void) {
  const api = useApp((s) => s.api);
  const sessionId = useApp((s) => s.current.sessionId);
  const pushError = useApp((s) => s.pushError);
  // A rewrite names the last event seen when it starts, not when the pane last rendered.
  const lastSeqNow = useApp((s) => s.current.lastSeq);
  const lastSeqRef = useRef(lastSeqNow);
  lastSeqRef.current = lastSeqNow;
  const [restored, setRestored] = useState(0);

  const restoreNumber = async (number: number) => {
    if (!sessionId) return;
    try {
      await documentApi.restore(api, sessionId, number);
      setRestored((n) => n + 1);
    } catch (error) {
      pushError(error);
    }
  };

  const onRewrite: RewriteFn | undefined = sessionId
    ? (request, onToken, signal) => rewriteSelection(api, sessionId, lastSeqRef.current, request, onToken, signal)
    : undefined;

  const onAccepted = async (next: string) => {
    if (!sessionId) return;
    try {
      // The accepted rewrite becomes a version and the current draft; the hand edit is now stored.
      await documentApi.edit(api, sessionId, next);
      onEdit(null);
      setRestored((n) => n + 1);
    } catch (error) {
      // Not stored: keep it as the user's unsent edit, so nothing is lost.
      onEdit(next);
      pushError(error);
    }
  };
  return { restored, restoreNumber, onRewrite, onAccepted };
}
