import type { PlatformServices } from "../WorkflowDefinition.js";

/** What the article's nodes use: the platform's model, research search, versions, settings and cache. */
export type ArticleDeps = Pick<PlatformServices, "llm" | "search" | "versions" | "settings" | "cacheDir">;
