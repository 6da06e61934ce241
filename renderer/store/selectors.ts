import type { AppState } from "./types.js";
import type { StepEntry } from "./sessionView.js";
import { composeStreamingDraft } from "./composeStreamingDraft.js";

/** The step running now (the last running entry), if any. */
export function selectRunningStep(s: AppState): StepEntry | null {
  const timeline = s.current.timeline;
  for (let i = timeline.length - 1; i >= 0; i--) {
    const entry = timeline[i];
    if (entry?.kind === "step" && entry.status === "running") return entry;
  }
  return null;
}

/**
 * The status word to show for a session: a run the page last saw running is `disconnected` while
 * the server cannot be reached (offline, or no longer accepting this tab), since nobody knows whether
 * it still runs; every other status stays what the server last said.
 */
export function shownStatus(status: string, connection: AppState["connection"]): string {
  return status === "running" && (connection === "offline" || connection === "locked") ? "disconnected" : status;
}

/** The draft text to show: streamed sections while writing, else the last full draft. */
export function selectDraftText(s: AppState): string {
  const { streamingSections, draft } = s.current;
  if (streamingSections) return composeStreamingDraft(streamingSections, draft);
  return draft ?? "";
}

/** True when no model can answer: nothing loaded or selected on llama.cpp, and no server backend. */
export function selectNeedsOnboarding(s: AppState): boolean {
  if (s.onboardingDismissed || !s.settings || !s.models || s.settings.onboardingDismissed) return false;
  if (s.settings.backend !== "llamacpp") return false;
  return s.models.installed.length === 0 && !s.settings.chatModel && !s.models.loaded;
}

type Catalog = NonNullable<AppState["models"]>["catalog"];
/** One empty list, not a new one per call: a selector returning a fresh `[]` re-renders forever (React's getSnapshot rule). */
const NO_CATALOG: Catalog = [];

/** The model catalog, or the same empty list while the models are not loaded yet. */
export function selectCatalog(s: AppState): Catalog {
  return s.models?.catalog ?? NO_CATALOG;
}
