/**
 * The app's keyboard shortcuts, in one table: tooltips (`title`), `aria-keyshortcuts` and the
 * handlers read it, so a shortcut is never written twice. "Mod" is ⌘ on macOS and Ctrl elsewhere.
 */
export const SHORTCUTS = {
  /** Start the workflow from its start form. */
  start: { keys: ["Mod", "Enter"] },
  /** Confirm at a pause with its primary action. */
  confirm: { keys: ["Mod", "Enter"] },
  /** Show the previous / next version of the document. */
  previousVersion: { keys: ["Alt", "PageUp"] },
  nextVersion: { keys: ["Alt", "PageDown"] },
  /** Search (and replace) in the editor. */
  search: { keys: ["Mod", "F"] },
  /** The editor's list of style findings with their fixes (CodeMirror's lint panel). */
  problems: { keys: ["Mod", "Shift", "M"] },
  /** Switch the document pane between preview and editor. */
  toggleEditor: { keys: ["Mod", "E"] },
} as const;

export type ShortcutId = keyof typeof SHORTCUTS;

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const GLYPHS: Record<string, string> = { ArrowUp: "↑", ArrowDown: "↓", Enter: "Enter" };

/** Human text of a shortcut for tooltips: "Ctrl+Enter" (or "⌘+Enter" on macOS). */
export function shortcutText(id: ShortcutId): string {
  return SHORTCUTS[id].keys.map((k) => (k === "Mod" ? (isMac ? "⌘" : "Ctrl") : k === "Alt" && isMac ? "⌥" : (GLYPHS[k] ?? k))).join("+");
}

/** The `aria-keyshortcuts` value of a shortcut ("Control+Enter", "Meta+Enter"). */
export function shortcutAria(id: ShortcutId): string {
  return SHORTCUTS[id].keys.map((k) => (k === "Mod" ? (isMac ? "Meta" : "Control") : k)).join("+");
}

/** True when a keyboard event is that shortcut. */
export function matchesShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }, id: ShortcutId): boolean {
  const keys = SHORTCUTS[id].keys as readonly string[];
  const mod = keys.includes("Mod");
  if (mod !== (isMac ? event.metaKey : event.ctrlKey)) return false;
  if (keys.includes("Alt") !== event.altKey) return false;
  if (keys.includes("Shift") !== event.shiftKey) return false;
  const key = keys[keys.length - 1] ?? "";
  return event.key.toLowerCase() === key.toLowerCase();
}
