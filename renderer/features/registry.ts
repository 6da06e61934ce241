import type { ComponentType } from "react";
import type { WorkflowId } from "../../shared/api.js";
import type { LocalizedLabel } from "../i18n/defineMessages.js";
import { StudioScreen } from "./article/StudioScreen.js";
import { ChatScreen } from "./chat/ChatScreen.js";
import { DocgenScreen } from "./docgen/DocgenScreen.js";
import { PaperScreen } from "./paper/PaperScreen.js";

/**
 * One entry per screen of a workflow. The sidebar navigation, the screen switch of the shell and
 * the screen a session opens on (`openSession`) are all derived from this list, so adding a
 * workflow's screen is one entry here and nothing else in the shell.
 */
export interface FeatureEntry {
  /** Screen id (stable, ASCII), e.g. "studio", "docgen", "paper". "settings" is reserved. */
  screen: string;
  /** Workflows whose sessions this screen shows; a session of one of them opens here. */
  workflows: readonly WorkflowId[];
  /** Sidebar button: a shared message key or a literal per locale, and a one-glyph icon. */
  nav: { label: LocalizedLabel; icon: string };
  /** The sidebar's "new" button label while this screen is active (default `sessions.new`). */
  newLabel?: LocalizedLabel;
  component: ComponentType;
}

export const FEATURES: readonly FeatureEntry[] = [
  { screen: "studio", workflows: ["article"], nav: { label: "nav.studio", icon: "✎" }, newLabel: "sessions.new", component: StudioScreen },
  { screen: "chat", workflows: ["chat"], nav: { label: "nav.chat", icon: "✉" }, newLabel: "sessions.newChat", component: ChatScreen },
  { screen: "docgen", workflows: ["docgen"], nav: { label: { "zh-CN": "文档生成", en: "Doc generator" }, icon: "❏" }, newLabel: { "zh-CN": "新建文档", en: "New document" }, component: DocgenScreen },
  { screen: "paper", workflows: ["paper"], nav: { label: { "zh-CN": "论文阅读", en: "Papers" }, icon: "❡" }, newLabel: { "zh-CN": "新建论文会话", en: "New paper session" }, component: PaperScreen },
];

/** The screen shown first and for sessions of a workflow no entry claims. */
export const DEFAULT_SCREEN = "studio";

/** The screen that opens a session of `workflow`. */
export function screenForWorkflow(workflow: string | null | undefined): string {
  return FEATURES.find((f) => (f.workflows as readonly string[]).includes(workflow ?? ""))?.screen ?? DEFAULT_SCREEN;
}

/** The entry of a screen id, or undefined for "settings" and unknown ids. */
export function featureForScreen(screen: string): FeatureEntry | undefined {
  return FEATURES.find((f) => f.screen === screen);
}
