import type { AppState } from "./types.js";
import type { StepEntry } from "./sessionView.js";
import { composeStreamingDraft } from "./composeStreamingDraft.js";

/** Narrow selectors: components subscribe to the smallest piece they render. */
export const selectCurrent = (s: AppState) => s.current;
export const selectTimeline = (s: AppState) => s.current.timeline;
export const selectPause = (s: AppState) => s.current.pause;
export const selectMaterials = (s: AppState) => s.current.materials;
export const selectStatus = (s: AppState) => s.current.status;
export const selectSessionId = (s: AppState) => s.current.sessionId;

/** The step running now (the last running entry), if any. */
export function selectRunningStep(s: AppState): StepEntry | null {
  const timeline = s.current.timeline;
  for (let i = timeline.length - 1; i >= 0; i--) {
    const entry = timeline[i];
    if (entry?.kind === "step" && entry.status === "running") return entry;
  }
  return null;
}

/** The draft text to show: streamed sections while writing, else the last full draft. */
export function selectDraftText(s: AppState): string {
  const { streamingSections, draft } = s.current;
  if (streamingSections) return composeStreamingDraft(streamingSections, draft);
  return draft ?? "";
}

/** True when no model can answer: nothing loaded or selected on llama.cpp, and no server backend. */
export function selectNeedsOnboarding(s: AppState): boolean {
  if (s.onboardingDismissed || !s.settings || !s.models) return false;
  if (s.settings.backend !== "llamacpp") return false;
  return s.models.installed.length === 0 && !s.settings.chatModel && !s.models.loaded;
}
