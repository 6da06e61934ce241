import type { RewriteAction } from "./editor/SelectionActions.js";

/** What a selection action asks the local model for. */
export interface RewriteRequest {
  action: RewriteAction;
  /** The selected text. */
  text: string;
  /** Up to 400 characters before and after it, for context only. */
  before: string;
  after: string;
  /** The user's own instruction (action "custom"). */
  instruction?: string;
}

/** Streams a replacement: `onToken` for each piece, resolving the whole replacement. */
export type RewriteFn = (request: RewriteRequest, onToken: (text: string) => void, signal: AbortSignal) => Promise<string>;

export interface DocumentEditorProps {
  /** The text to show (the user's edit when there is one). */
  text: string;
  readOnly: boolean;
  /** Why editing is off, or null. */
  notice: string | null;
  /** Identifies the document version shown (session:number): the editor keeps one undo history per key. */
  versionKey: string;
  onChange(text: string): void;
  /** Selection actions (改写 …); absent when the document has no session to rewrite in. */
  onRewrite?: RewriteFn;
  /** An accepted rewrite: the whole new text, to be stored as a version. */
  onAccepted?(text: string): void;
}
