import type { WorkflowViews } from "../store/workflowViews.js";
import { registerMessages } from "../i18n/featureMessages.js";
import type { FeatureEntry } from "./FeatureEntry.js";
import { articleFeature } from "./article/articleFeature.js";
import { chatFeature } from "./chat/chatFeature.js";
import { docgenFeature } from "./docgen/docgenFeature.js";
import { paperFeature } from "./paper/paperFeature.js";

export type { FeatureEntry };

/**
 * The workflows' screens, in sidebar order: one line per feature folder. The only file that
 * imports a workflow's feature folder (lint: scriptorium/feature-boundaries); the store gets what
 * it needs of it (`workflowViews`) injected at creation, so it never imports a screen.
 */
const features: FeatureEntry[] = [];

/**
 * Adds a feature (also at run time: a test, or a plug-in screen). Refused with a clear error, and
 * nothing registered, for a taken or reserved screen id or a workflow another feature claims.
 */
export function registerFeature(entry: FeatureEntry): void {
  if (entry.screen === "settings" || features.some((f) => f.screen === entry.screen)) throw new Error(`feature screen "${entry.screen}" is reserved or already registered`);
  const claimed = entry.workflows.find((w) => features.some((f) => f.workflows.includes(w)));
  if (claimed !== undefined) throw new Error(`workflow "${claimed}" already has a screen ("${screenForWorkflow(claimed)}")`);
  if (entry.messages) registerMessages(entry.messages);
  features.push(entry);
}

registerFeature(articleFeature);
registerFeature(chatFeature);
registerFeature(docgenFeature);
registerFeature(paperFeature);

/** The registered features, in sidebar order. */
export function listFeatures(): readonly FeatureEntry[] {
  return features;
}

/** The screen shown first and for sessions of a workflow no entry claims. */
export const DEFAULT_SCREEN = "studio";

/** The screen that opens a session of `workflow`. */
export function screenForWorkflow(workflow: string | null | undefined): string {
  return features.find((f) => f.workflows.includes(workflow ?? ""))?.screen ?? DEFAULT_SCREEN;
}

/** The entry of a screen id, or undefined for "settings" and unknown ids. */
export function featureForScreen(screen: string): FeatureEntry | undefined {
  return features.find((f) => f.screen === screen);
}

/** What the store needs of the features, injected at `createAppStore` (reads the live list, so late registrations count). */
export const workflowViews: WorkflowViews = {
  defaultScreen: DEFAULT_SCREEN,
  screenForWorkflow,
  reducerFor: (workflow) => features.find((f) => f.workflows.includes(workflow))?.view,
};
