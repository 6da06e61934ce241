import type { RefObject } from "react";
import type { EditorView } from "@codemirror/view";
import { openSearchPanel } from "@codemirror/search";
import { undo } from "@codemirror/commands";
import { openLintPanel } from "@codemirror/lint";
import { useT } from "../../../store/StoreProvider.js";
import type { TextCounts } from "../../../../shared/text/countText.js";
import { shortcutAria, shortcutText } from "../../../components/shortcuts.js";
import { SelectionActions, type RewriteAction } from "./SelectionActions.js";

export interface EditorToolbarProps {
  viewRef: RefObject<EditorView | null>;
  readOnly: boolean;
  /** Absent when the document has no session to rewrite in: no selection actions then. */
  onRewrite?: (action: RewriteAction, instruction?: string) => void;
  /** No selection, or a rewrite already shown. */
  rewriteDisabled: boolean;
  counts: TextCounts;
}

/** The markdown editor's toolbar: search, problems, undo, the selection actions and the live counts. */
export function EditorToolbar({ viewRef, readOnly, onRewrite, rewriteDisabled, counts }: EditorToolbarProps) {
  const t = useT();
  // The buttons act on the view of the moment: it is created after the first render.
  const withView = (command: (view: EditorView) => unknown) => () => viewRef.current && command(viewRef.current);
  return (
    <div className="toolbar toolbar--editor" role="toolbar" aria-label={t("editor.toolbar")}>
      <button
        type="button"
        className="btn btn--small"
        title={`${t("editor.search")} (${shortcutText("search")})`}
        aria-keyshortcuts={shortcutAria("search")}
        onClick={withView(openSearchPanel)}
      >
        {t("editor.search")}
      </button>
      <button
        type="button"
        className="btn btn--small"
        title={`${t("editor.problems")} (${shortcutText("problems")})`}
        aria-keyshortcuts={shortcutAria("problems")}
        onClick={withView(openLintPanel)}
      >
        {t("editor.problems")}
      </button>
      <button type="button" className="btn btn--small" disabled={readOnly} onClick={withView(undo)}>
        {t("editor.undo")}
      </button>
      {onRewrite && !readOnly && <SelectionActions disabled={rewriteDisabled} onAction={onRewrite} />}
      <span className="toolbar__spacer" />
      <span className="muted small" data-testid="editor-counts" aria-live="off">
        {t("editor.counts", { chars: counts.chars, words: counts.words, han: counts.han })}
      </span>
    </div>
  );
}
