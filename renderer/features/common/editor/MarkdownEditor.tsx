import { useMemo, useRef, useState } from "react";
import type { EditorView } from "@codemirror/view";
import type { DocumentEditorProps } from "../documentEditorTypes.js";
import { LintClient } from "./lintClient.js";
import { useDeferredChange } from "./useDeferredChange.js";
import { useEditorStats } from "./useEditorStats.js";
import { useEditorSetup, type TextRange } from "./useEditorSetup.js";
import { useRewriteProposal } from "./useRewriteProposal.js";
import { useEditorView } from "./useEditorView.js";
import { useRevealLine } from "./useRevealLine.js";
import { EditorToolbar } from "./EditorToolbar.js";
import { RewriteBar } from "./RewriteBar.js";
import { EditorOutline } from "./EditorOutline.js";

/**
 * The CodeMirror 6 markdown editor of the document pane (loaded on demand, its own chunk).
 * One EditorState per version key keeps each version's undo history across version switches;
 * outside text (streaming, a new version) is applied as a minimal change outside the history.
 */
export default function MarkdownEditor({ text, readOnly, notice, versionKey, onChange, onRewrite, onAccepted }: DocumentEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const external = useRef(false);
  const [selection, setSelection] = useState<TextRange | null>(null);
  const lint = useMemo(() => new LintClient(), []);
  const deferred = useDeferredChange(viewRef, onChange);
  const stats = useEditorStats(viewRef, lint);
  const rewrite = useRewriteProposal(viewRef, { selection, onRewrite, onAccepted, flush: deferred.flush });
  const setup = useEditorSetup(lint, { setSelection, refreshSoon: stats.refreshSoon, schedule: deferred.schedule, external });
  // The view's effects run before the reveal's, so a line asked for before the editor opened is served on mount.
  useEditorView({
    host,
    viewRef,
    setup,
    lint,
    external,
    text,
    versionKey,
    // A rewrite preview sits over the text: no typing under it until it is accepted or rejected.
    readOnly: readOnly || rewrite.proposal !== null,
    deferred,
    refreshStats: stats.refresh,
    onVersionSwitch: rewrite.cancel,
  });
  useRevealLine(viewRef);

  return (
    <div className="doc-editor">
      {notice && <p className="notice">{notice}</p>}
      <EditorToolbar
        viewRef={viewRef}
        readOnly={readOnly}
        onRewrite={onRewrite && ((action, instruction) => void rewrite.start(action, instruction))}
        rewriteDisabled={selection === null || rewrite.proposal !== null}
        counts={stats.counts}
      />
      {rewrite.proposal && <RewriteBar status={rewrite.proposal.status} onAccept={rewrite.accept} onReject={rewrite.reject} />}
      <div className="doc-editor__body">
        <EditorOutline outline={stats.outline} />
        <div ref={host} className="doc-editor__cm" data-testid="markdown-editor" />
      </div>
    </div>
  );
}
