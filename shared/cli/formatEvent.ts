import type { EngineEvent } from "../events.js";

/** One human-readable progress line per event; null for events not worth a line (draft chunks). */
export function formatEvent(event: EngineEvent, sessionId: string): string | null {
  switch (event.type) {
    case "connected":
      return `session ${sessionId} (${event.workflow})`;
    case "step_start":
      return `▶ [${event.agent}] ${event.label}`;
    case "step_done":
      return `✓ [${event.agent}] ${event.summary} (${(event.durationMs / 1000).toFixed(1)} s)`;
    case "materials_ready":
      return `materials: ${event.materials.length} (${event.keywords.join(", ")})`;
    case "outline_ready":
      return `outline: ${event.outline.title} (${event.outline.sections.length} sections)`;
    case "draft_chunk":
    case "step_tokens":
      return null;
    case "draft_ready":
      return `draft v${event.version.number} ready (${event.version.chars} chars)`;
    case "review_ready":
      return `review round ${event.review.round}: overall ${event.review.overall} → ${event.review.verdict}`;
    case "await_user":
      return `paused at ${event.pausePoint}; allowed actions: ${event.allowedActions.join(", ")}\n` +
        `  continue with: npm run cli -- article resume ${sessionId} <action>`;
    case "resumed":
      return `resumed at ${event.pausePoint} with ${event.action}`;
    case "token":
      return event.text;
    case "progress":
      return `${event.task}: ${event.done}${event.total === null ? "" : `/${event.total}`}${event.message ? ` ${event.message}` : ""}`;
    case "done":
      return `done: ${event.summary}`;
    case "error":
      return `error: ${event.error.code}: ${event.error.message}`;
    default:
      // A workflow's own event: its type and its one-line summary when it has one.
      return workflowEventLine(event);
  }
}

function workflowEventLine(event: { type: string }): string {
  const summary = (event as { summary?: unknown }).summary;
  return typeof summary === "string" ? `${event.type}: ${summary}` : event.type;
}
