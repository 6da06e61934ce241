import type { ComponentType } from "react";
import type { ScriptoriumApi } from "../../shared/api.js";
import type { LocalizedLabel } from "../i18n/defineMessages.js";
import type { WorkflowReducer } from "../store/workflowViews.js";
import type { ImportReport } from "../../shared/knowledge.js";

/**
 * Everything the shell needs of one workflow's feature folder (`renderer/features/<id>/`), exported
 * by that folder as one object and listed once in `registry.ts`. The sidebar navigation, the screen
 * switch, the screen a session opens on, the session's view and the names the timeline and session
 * list show are all derived from it, so a new workflow edits no store, shared i18n or CSS file.
 *
 * Styles: the screen imports its own `<id>.css` (one way for every feature).
 */
export interface FeatureEntry {
  /** Screen id (stable, ASCII), e.g. "studio", "docgen", "paper". "settings" is reserved. */
  screen: string;
  /** Workflows whose sessions this screen shows; a session of one of them opens here. */
  workflows: readonly string[];
  /** Sidebar button: a message key (shared or the feature's own) or a literal per locale, and a one-glyph icon. */
  nav: { label: LocalizedLabel; icon: string };
  /** The sidebar's "new" button label while this screen is active (default `sessions.new`). */
  newLabel?: LocalizedLabel;
  component: ComponentType;
  /**
   * The feature's strings (`defineMessages`), registered app-wide so the timeline and the session
   * list can name the workflow's pauses (`<workflow>.pause.<point>`) and actions (`<workflow>.action.<name>`).
   */
  messages?: { "zh-CN": Readonly<Record<string, string>>; en: Readonly<Record<string, string>> };
  /** The feature's own settings, shown in the settings' models tab (the article's review settings). */
  settings?: ComponentType;
  /** Files dropped on the window that this feature imports (the paper library's PDFs), beside the shell's notes, guides and models. */
  dropTargets?: readonly DropTarget[];
  /** The fold of a session's events into the workflow's own view (`current.workflowView`). */
  view?: WorkflowReducer<any>;
}

/** One kind of dropped file a feature imports: offered in the drop dialog's kind list. */
export interface DropTarget {
  /** Kind id (stable, ASCII), unique across features and the shell's "note", "guide", "model". */
  kind: string;
  /** The kind's name in the dialog: a message key (shared or the feature's own) or a literal per locale. */
  label: LocalizedLabel;
  /** True when a file of this name is this kind by default. */
  matches(name: string): boolean;
  /** Imports the files; resolves how many were imported, and the per-file report when the import gives one. */
  run(api: ScriptoriumApi, paths: string[]): Promise<number | { count: number; report?: ImportReport }>;
}
