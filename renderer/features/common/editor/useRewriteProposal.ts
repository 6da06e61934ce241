import { useEffect, useRef, useState, type RefObject } from "react";
import type { EditorView } from "@codemirror/view";
import { useApp, useT } from "../../../store/StoreProvider.js";
import type { DocumentEditorProps } from "../documentEditorTypes.js";
import { rewriteField, setRewrite, proposalStillMatches, type RewriteProposal } from "./rewritePreview.js";
import type { RewriteAction } from "./SelectionActions.js";
import type { TextRange } from "./useEditorSetup.js";
import { rewriteRequest } from "./rewriteRequest.js";

export interface RewriteProposalOptions extends Pick<DocumentEditorProps, "onRewrite" | "onAccepted"> {
  selection: TextRange | null;
  /** Hands the edit to `onChange` at once, so the feature holds the accepted text before `onAccepted`. */
  flush(): void;
}

/**
 * A selection rewrite (改写 …): streamed into an inline preview, then accepted into the text or
 * rejected. The editor stays read-only while a proposal is shown.
 */
export function useRewriteProposal(viewRef: RefObject<EditorView | null>, { selection, onRewrite, onAccepted, flush }: RewriteProposalOptions) {
  const t = useT();
  const pushError = useApp((s) => s.pushError);
  const [proposal, setProposal] = useState<{ status: RewriteProposal["status"] } | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  // An editor that goes away stops its rewrite.
  useEffect(() => () => abortRef.current?.abort(), []);
  const start = async (action: RewriteAction, instruction?: string) => {
    const view = viewRef.current;
    if (!view || !onRewrite || !selection) return;
    const { from, to } = selection;
    const request = rewriteRequest(view.state.doc, from, to, action, instruction);
    const controller = new AbortController();
    abortRef.current = controller;
    let replacement = "";
    const show = (status: RewriteProposal["status"]) => {
      view.dispatch({ effects: setRewrite.of({ from, to, original: request.text, replacement, status }) });
      setProposal({ status });
    };
    show("streaming");
    try {
      const onToken = (token: string) => {
        replacement += token;
        show("streaming");
      };
      replacement = await onRewrite(request, onToken, controller.signal);
      if (controller.signal.aborted) return;
      show("ready");
    } catch (error) {
      if (controller.signal.aborted) return;
      view.dispatch({ effects: setRewrite.of(null) });
      setProposal(null);
      pushError(error);
    }
  };
  /** Takes the proposal into the text unless the text under it changed meanwhile. */
  const accept = () => {
    const view = viewRef.current;
    const current = view?.state.field(rewriteField);
    if (!view || !current) return;
    if (!proposalStillMatches(view.state, current) || !current.replacement) {
      pushError({ code: "conflict", message: t("editor.stale") });
    } else {
      view.dispatch({ changes: { from: current.from, to: current.to, insert: current.replacement }, effects: setRewrite.of(null), userEvent: "input.rewrite" });
      flush();
      onAccepted?.(view.state.doc.toString());
    }
    view.dispatch({ effects: setRewrite.of(null) });
    setProposal(null);
  };
  /** Drops a rewrite in progress without touching the text (another version is shown). */
  const cancel = () => {
    abortRef.current?.abort();
    setProposal(null);
  };
  const reject = () => {
    cancel();
    viewRef.current?.dispatch({ effects: setRewrite.of(null) });
  };
  return { proposal, start, accept, reject, cancel };
}
