import type { EngineEvent } from "../../../shared/events.js";
import type { SessionLlmChoice } from "../llm/sessionLlmScope.js";

/** The model and 思考 a session's first event (`connected`) names; none for any other event. */
export function connectedLlmChoice(first: EngineEvent | undefined | null): SessionLlmChoice {
  return first?.type === "connected" ? { ...(first.model ? { model: first.model } : {}), ...(first.thinking ? { thinking: first.thinking } : {}) } : {};
}
