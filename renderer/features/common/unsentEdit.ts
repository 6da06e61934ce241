/**
 * Autosave of a hand edit not yet sent (so an unsent edit survives a reload). Kept in the
 * page's localStorage per session; a storage that refuses (private mode, quota) is ignored.
 */
const keyOf = (sessionId: string) => `scriptorium:unsent-edit:${sessionId}`;

export function loadUnsentEdit(sessionId: string): string | null {
  try {
    return globalThis.localStorage?.getItem(keyOf(sessionId)) ?? null;
  } catch {
    return null;
  }
}

export function saveUnsentEdit(sessionId: string, text: string): void {
  try {
    globalThis.localStorage?.setItem(keyOf(sessionId), text);
  } catch {
    // Best effort: the edit still lives in memory until it is sent.
  }
}

export function clearUnsentEdit(sessionId: string): void {
  try {
    globalThis.localStorage?.removeItem(keyOf(sessionId));
  } catch {
    // Nothing to clear.
  }
}
