import type { ComponentType } from "react";
import type { WorkflowId } from "../../shared/api.js";
import type { Screen } from "../store/types.js";
import { StudioScreen } from "./article/StudioScreen.js";
import { ChatScreen } from "./chat/ChatScreen.js";

/** One entry per workflow: the screen that shows its sessions. Adding a workflow adds a line. */
export interface FeatureEntry {
  workflow: WorkflowId;
  screen: Screen;
  component: ComponentType;
}

export const FEATURES: readonly FeatureEntry[] = [
  { workflow: "article", screen: "studio", component: StudioScreen },
  { workflow: "chat", screen: "chat", component: ChatScreen },
];

/** The screen that opens a session of `workflow`. */
export function screenForWorkflow(workflow: string): Screen {
  return FEATURES.find((f) => f.workflow === workflow)?.screen ?? "studio";
}
