import { useMemo, useRef, type RefObject } from "react";
import type { EditorView } from "@codemirror/view";

/**
 * Hand edits reach the feature (store, autosave) this long after the last keystroke, or at once when
 * the user leaves the editor (focus, pointer, a Ctrl/⌘/Alt shortcut). Handing the whole text over on
 * every keystroke re-rendered the studio and rewrote the autosave of a 100 000-character draft ~60
 * times a second.
 */
const CHANGE_MS = 300;

/** A hand edit waiting to reach `onChange`. */
export interface DeferredChange {
  /** (Re)starts the wait after a keystroke. */
  schedule(): void;
  /** Hands a pending hand edit to `onChange` now (nothing when there is none). */
  flush(): void;
}

/**
 * The editor's hand edits, handed to `onChange` after a pause. The returned functions stay the same
 * across renders, because the editor's update listener is built once and keeps the first it sees.
 */
export function useDeferredChange(viewRef: RefObject<EditorView | null>, onChange: (text: string) => void): DeferredChange {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  return useMemo(() => {
    const flush = () => {
      if (pending.current === null) return;
      clearTimeout(pending.current);
      pending.current = null;
      const view = viewRef.current;
      if (view) onChangeRef.current(view.state.doc.toString());
    };
    const schedule = () => {
      if (pending.current !== null) clearTimeout(pending.current);
      pending.current = setTimeout(flush, CHANGE_MS);
    };
    return { flush, schedule };
  }, [viewRef]);
}
