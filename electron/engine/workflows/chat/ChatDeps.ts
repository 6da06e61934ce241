import type { PlatformServices } from "../WorkflowDefinition.js";

/** What the chat graph's node uses: the platform's model client, nothing of its own. */
export type ChatDeps = Pick<PlatformServices, "llm">;
