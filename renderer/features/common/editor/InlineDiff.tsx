import { useEffect, useRef } from "react";
import { EditorState } from "@codemirror/state";
import { EditorView, lineNumbers } from "@codemirror/view";
import { unifiedMergeView } from "@codemirror/merge";

/**
 * Inline diff of two versions (@codemirror/merge's unified view): the newer text with the older
 * one's removed lines shown above the changed chunks. Read-only; its own chunk with the editor.
 */
export default function InlineDiff({ older, newer, label }: { older: string; newer: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: newer,
        extensions: [
          lineNumbers(),
          EditorView.lineWrapping,
          EditorState.readOnly.of(true),
          EditorView.contentAttributes.of({ "aria-label": label }),
          unifiedMergeView({ original: older, mergeControls: false, gutter: true }),
        ],
      }),
    });
    return () => view.destroy();
  }, [older, newer, label]);
  return <div ref={host} className="doc-editor__cm inline-diff" data-testid="inline-diff" />;
}
