import { useEffect, type RefObject } from "react";
import { EditorView } from "@codemirror/view";
import { useApp } from "../../../store/StoreProvider.js";

/** Selects a 1-based line (clamped to the text) and scrolls it to the top of the editor. */
function scrollToLine(view: EditorView, lineNumber: number) {
  const line = view.state.doc.line(Math.min(Math.max(1, lineNumber), view.state.doc.lines));
  view.dispatch({ selection: { anchor: line.from, head: line.to }, effects: EditorView.scrollIntoView(line.from, { y: "start", yMargin: 24 }) });
  view.focus();
}

/**
 * revealLine(n) from anywhere (docgen violations, paper citations, the outline). Call it after the
 * view is mounted: a request made before the editor opened is served on mount.
 */
export function useRevealLine(viewRef: RefObject<EditorView | null>) {
  const reveal = useApp((s) => s.revealRequest);
  useEffect(() => {
    const view = viewRef.current;
    if (reveal && view) scrollToLine(view, reveal.line);
  }, [reveal?.seq]);
}
