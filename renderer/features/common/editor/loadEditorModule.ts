/**
 * Loads a module of the editor's chunk (CodeMirror) with `navigator.scheduling.isInputPending`
 * hidden while it evaluates. CodeMirror's background parser reads that API once, at load: where it
 * exists the parser works in 100 ms slices and stops only when input is pending, so opening a
 * 100 000-character draft gave a row of 100 ms long tasks (frames wait, only input does not). Without
 * it the parser takes the idle period's own deadline (≤ 50 ms, less 5). Nothing else in the
 * renderer uses the API; the property is restored as soon as the chunk has evaluated.
 */
export async function loadEditorModule<T>(load: () => Promise<T>): Promise<T> {
  const scheduling = (globalThis.navigator as { scheduling?: { isInputPending?: unknown } } | undefined)?.scheduling;
  if (!scheduling || typeof scheduling.isInputPending !== "function" || Object.prototype.hasOwnProperty.call(scheduling, "isInputPending")) return load();
  Object.defineProperty(scheduling, "isInputPending", { value: undefined, configurable: true });
  try {
    return await load();
  } finally {
    delete scheduling.isInputPending;
  }
}
