import type { Text } from "@codemirror/state";
import type { RewriteRequest } from "../documentEditorTypes.js";
import type { RewriteAction } from "./SelectionActions.js";

/** Characters of context on each side of the selection: enough for tone, small for a local model. */
const CONTEXT_CHARS = 400;

/** What a selection action asks for: the selected text and a little of the text around it. */
export function rewriteRequest(doc: Text, from: number, to: number, action: RewriteAction, instruction?: string): RewriteRequest {
  return {
    action,
    text: doc.sliceString(from, to),
    before: doc.sliceString(Math.max(0, from - CONTEXT_CHARS), from),
    after: doc.sliceString(to, Math.min(doc.length, to + CONTEXT_CHARS)),
    ...(instruction ? { instruction } : {}),
  };
}
