import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import type { EditorView } from "@codemirror/view";
import type { TextCounts } from "../../../../shared/text/countText.js";
import type { OutlineHeading } from "./headingOutline.js";
import type { LintClient } from "./lintClient.js";

/** Work that follows typing (counts, outline) waits this long after the last change. */
const IDLE_MS = 250;

/** The editor's counts and outline, and the two ways to bring them up to date. */
export interface EditorStats {
  counts: TextCounts;
  outline: OutlineHeading[];
  /** Asks the worker now. */
  refresh(): void;
  /** Asks the worker once typing pauses. */
  refreshSoon(): void;
}

/**
 * Counts and outline of the editor's text, computed in the lint worker so typing never waits for them.
 * `refresh` and `refreshSoon` stay the same across renders (the update listener is built once).
 */
export function useEditorStats(viewRef: RefObject<EditorView | null>, lint: LintClient): EditorStats {
  const [counts, setCounts] = useState<TextCounts>({ chars: 0, han: 0, words: 0 });
  const [outline, setOutline] = useState<OutlineHeading[]>([]);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const actions = useMemo(() => {
    const refresh = () => {
      const view = viewRef.current;
      if (!view) return;
      const doc = view.state.doc;
      void lint.stats(doc.toString()).then(
        (stats) => {
          // A stale answer (the text moved on meanwhile) is dropped.
          if (viewRef.current?.state.doc !== doc) return;
          setCounts(stats.counts);
          setOutline(stats.outline);
        },
        () => undefined,
      );
    };
    const refreshSoon = () => {
      if (idle.current) clearTimeout(idle.current);
      idle.current = setTimeout(refresh, IDLE_MS);
    };
    return { refresh, refreshSoon };
  }, [viewRef, lint]);
  useEffect(
    () => () => {
      if (idle.current) clearTimeout(idle.current);
    },
    [],
  );
  return { counts, outline, ...actions };
}
