import type { ReactNode } from "react";

export interface DocumentPaneProps {
  /** Pane heading (default: the shared "稿件" / "Draft"). */
  title?: string;
  /** The document as it is now: streamed text while writing, else the current draft. */
  liveText: string;
  /** True while text is streaming in (shows the live badge; the editor stays read-only). */
  streaming: boolean;
  /** True when the user may edit the current version now (article: at PAUSE-3). */
  editable: boolean;
  /** Shown in the editor while editing is off (default: the article's PAUSE-3 notice). */
  editNotAllowed?: string;
  /** The user's unsent hand edit, or null (kept by the feature, e.g. in the store's `draftEdit`). */
  edit: string | null;
  onEdit(text: string | null): void;
  /** Shown while there is no text yet. */
  emptyText?: string;
  /** Extra toolbar content (feature buttons), rendered before the export buttons. */
  toolbar?: ReactNode;
  /**
   * The workflow whose document this pane shows: while the open session is another workflow's
   * (an article opened before switching to the doc generator), the pane shows none of its
   * versions, exports or text. Default: any session.
   */
  workflow?: string;
}
