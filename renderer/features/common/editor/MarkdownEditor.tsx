import { useEffect, useMemo, useRef, useState } from "react";
import { EditorState, Transaction } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { openSearchPanel } from "@codemirror/search";
import { undo } from "@codemirror/commands";
import { openLintPanel } from "@codemirror/lint";
import { useApp, useT } from "../../../store/StoreProvider.js";
import type { DocumentEditorProps } from "../documentEditorTypes.js";
import { editorSetup } from "./editorExtensions.js";
import { lintExtension } from "./lintExtension.js";
import { ruleText } from "../../../i18n/ruleText.js";
import { LintClient } from "./lintClient.js";
import { minimalChange } from "./minimalChange.js";
import type { TextCounts } from "../../../../shared/text/countText.js";
import type { OutlineHeading } from "./headingOutline.js";
import { rewriteField, setRewrite, proposalStillMatches } from "./rewritePreview.js";
import { SelectionActions, type RewriteAction } from "./SelectionActions.js";
import { shortcutAria, shortcutText } from "../../../components/shortcuts.js";

/** Work that follows typing (counts, outline) waits this long after the last change. */
const IDLE_MS = 250;
/**
 * Hand edits reach the feature (store, autosave) this long after the last keystroke, or at once when
 * the user leaves the editor (focus, pointer, a Ctrl/⌘/Alt shortcut). Handing the whole text over on
 * every keystroke re-rendered the studio and rewrote the autosave of a 100 000-character draft ~60
 * times a second.
 */
const CHANGE_MS = 300;

/**
 * The CodeMirror 6 markdown editor of the document pane (loaded on demand, its own chunk).
 * One EditorState per version key keeps each version's undo history across version switches;
 * outside text (streaming, a new version) is applied as a minimal change outside the history.
 */
export default function MarkdownEditor({ text, readOnly, notice, versionKey, onChange, onRewrite, onAccepted }: DocumentEditorProps) {
  const t = useT();
  const locale = useApp((s) => s.locale);
  const pushError = useApp((s) => s.pushError);
  const reveal = useApp((s) => s.revealRequest);
  // The outline goes through the same store action docgen violations and paper citations use.
  const revealLine = useApp((s) => s.revealLine);
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const states = useRef(new Map<string, EditorState>());
  const keyRef = useRef(versionKey);
  const external = useRef(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const tRef = useRef(t);
  tRef.current = t;
  const localeRef = useRef(locale);
  localeRef.current = locale;
  const [counts, setCounts] = useState<TextCounts>({ chars: 0, han: 0, words: 0 });
  const [outline, setOutline] = useState<OutlineHeading[]>([]);
  const [selection, setSelection] = useState<{ from: number; to: number } | null>(null);
  const [proposal, setProposal] = useState<{ status: "streaming" | "ready" | "error" } | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingChange = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Hands a pending hand edit to `onChange` now (nothing when there is none). */
  const flushChange = () => {
    if (pendingChange.current === null) return;
    clearTimeout(pendingChange.current);
    pendingChange.current = null;
    const view = viewRef.current;
    if (view) onChangeRef.current(view.state.doc.toString());
  };
  const flushRef = useRef(flushChange);
  flushRef.current = flushChange;
  const lint = useMemo(() => new LintClient(), []);

  const setup = useMemo(
    () =>
      editorSetup({
        label: t("draft.editorLabel"),
        locale,
        onDocChange: EditorView.updateListener.of((update) => {
          if (update.selectionSet || update.docChanged) {
            const main = update.state.selection.main;
            setSelection(main.empty ? null : { from: main.from, to: main.to });
          }
          if (!update.docChanged) return;
          if (idle.current) clearTimeout(idle.current);
          idle.current = setTimeout(() => refreshStats(), IDLE_MS);
          if (external.current) return;
          if (pendingChange.current !== null) clearTimeout(pendingChange.current);
          pendingChange.current = setTimeout(() => flushRef.current(), CHANGE_MS);
        }),
        extra: [
          rewriteField,
          lintExtension(
            lint,
            () => ({ quickFix: tRef.current("editor.quickFix"), fixAll: (rule) => tRef.current("editor.fixAll", { rule }), stale: tRef.current("editor.stale"), message: (rule, message) => ruleText(localeRef.current, rule, message) }),
            (message) => pushError({ code: "conflict", message }),
          ),
        ],
      }),
    // The extension set is built once per editor; labels are read through refs.
    [lint],
  );

  /** Counts and outline of the current text, from the worker; a stale answer (text moved on) is dropped. */
  const refreshStats = () => {
    const view = viewRef.current;
    if (!view) return;
    const doc = view.state.doc;
    void lint.stats(doc.toString()).then(
      (stats) => {
        if (viewRef.current?.state.doc !== doc) return;
        setCounts(stats.counts);
        setOutline(stats.outline);
      },
      () => undefined,
    );
  };

  const makeState = (doc: string) => EditorState.create({ doc, extensions: setup.extensions });

  // Mount once.
  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({ state: makeState(text), parent: host.current });
    viewRef.current = view;
    refreshStats();
    // Leaving the editor hands the edit over first, so a click or shortcut acts on the latest text.
    const flushNow = () => flushRef.current();
    const flushOnShortcut = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) flushNow();
    };
    view.dom.addEventListener("focusout", flushNow);
    window.addEventListener("pointerdown", flushNow, true);
    window.addEventListener("keydown", flushOnShortcut, true);
    // A reload or a closed window within the wait still keeps the edit (the feature's autosave).
    window.addEventListener("pagehide", flushNow);
    return () => {
      window.removeEventListener("pagehide", flushNow);
      view.dom.removeEventListener("focusout", flushNow);
      window.removeEventListener("pointerdown", flushNow, true);
      window.removeEventListener("keydown", flushOnShortcut, true);
      flushNow();
      view.destroy();
      viewRef.current = null;
      lint.dispose();
      abortRef.current?.abort();
      if (idle.current) clearTimeout(idle.current);
    };
  }, []);

  // Another version: keep this one's state (and its undo history), bring back the other's.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || keyRef.current === versionKey) return;
    flushChange();
    states.current.set(keyRef.current, view.state);
    keyRef.current = versionKey;
    abortRef.current?.abort();
    setProposal(null);
    const saved = states.current.get(versionKey);
    external.current = true;
    view.setState(saved ?? makeState(text));
    external.current = false;
    refreshStats();
  }, [versionKey]);

  // Outside text (streaming, a stored version, a reset edit): a minimal change, not in the undo history.
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const change = minimalChange(view.state.doc.toString(), text);
    if (!change) return;
    external.current = true;
    view.dispatch({ changes: change, annotations: Transaction.addToHistory.of(false) });
    external.current = false;
  }, [text, versionKey]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: setup.readOnly.reconfigure(EditorState.readOnly.of(readOnly || proposal !== null)) });
  }, [readOnly, proposal, setup]);

  // revealLine(n) from anywhere (docgen violations, paper citations, the outline).
  useEffect(() => {
    if (reveal) scrollToLine(reveal.line);
  }, [reveal?.seq]);

  const scrollToLine = (lineNumber: number) => {
    const view = viewRef.current;
    if (!view) return;
    const line = view.state.doc.line(Math.min(Math.max(1, lineNumber), view.state.doc.lines));
    view.dispatch({ selection: { anchor: line.from, head: line.to }, effects: EditorView.scrollIntoView(line.from, { y: "start", yMargin: 24 }) });
    view.focus();
  };

  const startRewrite = async (action: RewriteAction, instruction?: string) => {
    const view = viewRef.current;
    if (!view || !onRewrite || !selection) return;
    const { from, to } = selection;
    const doc = view.state.doc;
    const original = doc.sliceString(from, to);
    const controller = new AbortController();
    abortRef.current = controller;
    let replacement = "";
    const show = (status: "streaming" | "ready" | "error") => {
      view.dispatch({ effects: setRewrite.of({ from, to, original, replacement, status }) });
      setProposal({ status });
    };
    show("streaming");
    try {
      replacement = await onRewrite(
        {
          action,
          text: original,
          before: doc.sliceString(Math.max(0, from - 400), from),
          after: doc.sliceString(to, Math.min(doc.length, to + 400)),
          ...(instruction ? { instruction } : {}),
        },
        (token) => {
          replacement += token;
          show("streaming");
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      show("ready");
    } catch (error) {
      if (controller.signal.aborted) return;
      view.dispatch({ effects: setRewrite.of(null) });
      setProposal(null);
      pushError(error);
    }
  };

  const accept = () => {
    const view = viewRef.current;
    const current = view?.state.field(rewriteField);
    if (!view || !current) return;
    if (!proposalStillMatches(view.state, current) || !current.replacement) {
      pushError({ code: "conflict", message: t("editor.stale") });
    } else {
      view.dispatch({ changes: { from: current.from, to: current.to, insert: current.replacement }, effects: setRewrite.of(null), userEvent: "input.rewrite" });
      flushChange();
      onAccepted?.(view.state.doc.toString());
    }
    view.dispatch({ effects: setRewrite.of(null) });
    setProposal(null);
  };

  const reject = () => {
    abortRef.current?.abort();
    viewRef.current?.dispatch({ effects: setRewrite.of(null) });
    setProposal(null);
  };

  return (
    <div className="doc-editor">
      {notice && <p className="notice">{notice}</p>}
      <div className="toolbar toolbar--editor" role="toolbar" aria-label={t("editor.toolbar")}>
        <button type="button" className="btn btn--small" title={`${t("editor.search")} (${shortcutText("search")})`} aria-keyshortcuts={shortcutAria("search")} onClick={() => viewRef.current && openSearchPanel(viewRef.current)}>
          {t("editor.search")}
        </button>
        <button type="button" className="btn btn--small" title={`${t("editor.problems")} (${shortcutText("problems")})`} aria-keyshortcuts={shortcutAria("problems")} onClick={() => viewRef.current && openLintPanel(viewRef.current)}>
          {t("editor.problems")}
        </button>
        <button type="button" className="btn btn--small" disabled={readOnly} onClick={() => viewRef.current && undo(viewRef.current)}>
          {t("editor.undo")}
        </button>
        {onRewrite && !readOnly && (
          <SelectionActions disabled={selection === null || proposal !== null} onAction={(action, instruction) => void startRewrite(action, instruction)} />
        )}
        <span className="toolbar__spacer" />
        <span className="muted small" data-testid="editor-counts" aria-live="off">
          {t("editor.counts", { chars: counts.chars, words: counts.words, han: counts.han })}
        </span>
      </div>
      {proposal && (
        <div className="rewrite-bar" role="region" aria-label={t("editor.rewriteProposal")}>
          <span>{proposal.status === "streaming" ? t("editor.rewriteStreaming") : t("editor.rewriteReady")}</span>
          <span className="toolbar__spacer" />
          <button type="button" className="btn btn--small btn--primary" disabled={proposal.status !== "ready"} onClick={accept}>
            {t("editor.accept")}
          </button>
          <button type="button" className="btn btn--small" onClick={reject}>
            {t("editor.reject")}
          </button>
        </div>
      )}
      <div className="doc-editor__body">
        {outline.length > 0 && (
          <nav className="doc-outline" aria-label={t("editor.outline")}>
            <ol>
              {outline.map((h) => (
                <li key={`${h.line}`} style={{ paddingLeft: `${(h.depth - 1) * 10}px` }}>
                  <button type="button" className="doc-outline__item" onClick={() => revealLine(h.line)}>
                    {h.text}
                  </button>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div ref={host} className="doc-editor__cm" data-testid="markdown-editor" />
      </div>
    </div>
  );
}
