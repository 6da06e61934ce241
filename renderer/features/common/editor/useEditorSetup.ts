import { useMemo, useRef, type RefObject } from "react";
import { EditorView } from "@codemirror/view";
import { useApp, useT } from "../../../store/StoreProvider.js";
import { ruleText } from "../../../i18n/ruleText.js";
import { editorSetup, type EditorSetup } from "./editorExtensions.js";
import { lintExtension, type LintLabels } from "./lintExtension.js";
import type { LintClient } from "./lintClient.js";
import { rewriteField } from "./rewritePreview.js";

/** A selected range of the editor's text. */
export interface TextRange {
  from: number;
  to: number;
}

/** Where the editor's update listener reports; each must stay the same across renders (it is built once). */
export interface EditorUpdateTargets {
  setSelection(range: TextRange | null): void;
  /** Counts and outline follow the text once typing pauses. */
  refreshSoon(): void;
  /** A hand edit, handed to the feature once typing pauses. */
  schedule(): void;
  /** True while the editor applies outside text (streaming, another version): that is no hand edit. */
  external: RefObject<boolean>;
}

/**
 * The extension set of the markdown editor, built once per editor and shared by every version's
 * state; labels and the locale are read through refs, so a language switch needs no new states.
 */
export function useEditorSetup(lint: LintClient, targets: EditorUpdateTargets): EditorSetup {
  const t = useT();
  const locale = useApp((s) => s.locale);
  const pushError = useApp((s) => s.pushError);
  const tRef = useRef(t);
  tRef.current = t;
  const localeRef = useRef(locale);
  localeRef.current = locale;
  const labels = (): LintLabels => ({
    quickFix: tRef.current("editor.quickFix"),
    fixAll: (rule) => tRef.current("editor.fixAll", { rule }),
    stale: tRef.current("editor.stale"),
    message: (rule, message) => ruleText(localeRef.current, rule, message),
  });
  return useMemo(
    () =>
      editorSetup({
        label: t("draft.editorLabel"),
        locale,
        onDocChange: EditorView.updateListener.of((update) => {
          if (update.selectionSet || update.docChanged) {
            const main = update.state.selection.main;
            targets.setSelection(main.empty ? null : { from: main.from, to: main.to });
          }
          if (!update.docChanged) return;
          targets.refreshSoon();
          if (!targets.external.current) targets.schedule();
        }),
        extra: [rewriteField, lintExtension(lint, labels, (message) => pushError({ code: "conflict", message }))],
      }),
    // Built once per editor: every version's state shares it.
    [lint],
  );
}
