import { useEffect, useRef, type RefObject } from "react";
import { EditorState, Transaction } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import type { EditorSetup } from "./editorExtensions.js";
import type { LintClient } from "./lintClient.js";
import { minimalChange } from "./minimalChange.js";
import type { DeferredChange } from "./useDeferredChange.js";
import { flushOnLeave } from "./flushOnLeave.js";

export interface EditorViewOptions {
  host: RefObject<HTMLDivElement | null>;
  viewRef: { current: EditorView | null };
  setup: EditorSetup;
  lint: LintClient;
  /** Set while outside text is applied, so the update listener does not take it for a hand edit. */
  external: { current: boolean };
  text: string;
  versionKey: string;
  readOnly: boolean;
  deferred: DeferredChange;
  refreshStats(): void;
  /** Another version is shown: a rewrite of the previous one is dropped. */
  onVersionSwitch(): void;
}

/**
 * The CodeMirror view of the markdown editor, mounted once. One EditorState per version key keeps
 * each version's undo history across version switches; outside text (streaming, a new version) is
 * applied as a minimal change outside the history.
 */
export function useEditorView(options: EditorViewOptions) {
  const { host, viewRef, setup, lint, external, text, versionKey, readOnly, deferred, refreshStats, onVersionSwitch } = options;
  const states = useRef(new Map<string, EditorState>());
  const keyRef = useRef(versionKey);
  const makeState = (doc: string) => EditorState.create({ doc, extensions: setup.extensions });
  // Mount once.
  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({ state: makeState(text), parent: host.current });
    viewRef.current = view;
    refreshStats();
    const stopFlushing = flushOnLeave(view.dom, deferred.flush);
    return () => {
      stopFlushing();
      view.destroy();
      viewRef.current = null;
      lint.dispose();
    };
  }, []);

  // Another version: keep this one's state (and its undo history), bring back the other's.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || keyRef.current === versionKey) return;
    deferred.flush();
    states.current.set(keyRef.current, view.state);
    keyRef.current = versionKey;
    onVersionSwitch();
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
    viewRef.current?.dispatch({ effects: setup.readOnly.reconfigure(EditorState.readOnly.of(readOnly)) });
  }, [readOnly, setup]);
}
