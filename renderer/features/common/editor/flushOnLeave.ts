/**
 * Leaving the editor hands a pending edit over first, so a click or shortcut elsewhere acts on the
 * latest text, and a reload or a closed window within the wait still keeps it (the feature's autosave).
 * Returns the undo, which flushes once more: an editor that goes away keeps its last keystrokes.
 */
export function flushOnLeave(editorDom: HTMLElement, flush: () => void): () => void {
  const flushNow = () => flush();
  const flushOnShortcut = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) flushNow();
  };
  editorDom.addEventListener("focusout", flushNow);
  window.addEventListener("pointerdown", flushNow, true);
  window.addEventListener("keydown", flushOnShortcut, true);
  window.addEventListener("pagehide", flushNow);
  return () => {
    window.removeEventListener("pagehide", flushNow);
    editorDom.removeEventListener("focusout", flushNow);
    window.removeEventListener("pointerdown", flushNow, true);
    window.removeEventListener("keydown", flushOnShortcut, true);
    flushNow();
  };
}
