import type { PauseRequest } from "../workflows/WorkflowDefinition.js";

/** True for the value a pause node passes to `interrupt()`. */
export function isPauseRequest(value: unknown): value is PauseRequest {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<PauseRequest>;
  return typeof candidate.pausePoint === "string" && Array.isArray(candidate.allowedActions) && candidate.allowedActions.every((a) => typeof a === "string");
}

/** The first pause in a list of LangGraph `Interrupt`s (`{ id, value }`), or null. */
export function firstPause(interrupts: unknown): PauseRequest | null {
  if (!Array.isArray(interrupts)) return null;
  for (const item of interrupts) {
    const value = typeof item === "object" && item !== null ? (item as { value?: unknown }).value : undefined;
    if (isPauseRequest(value)) return value;
  }
  return null;
}

/**
 * The pending pause of a checkpoint snapshot. Reads `tasks[].interrupts`, not `next`: after the
 * first of two interrupts in one node is resumed, LangGraph 1.7.3 reports `next: []` although the
 * second interrupt is still pending (langgraph#6956).
 */
export function pauseFromSnapshot(snapshot: { tasks?: Array<{ interrupts?: Array<{ value?: unknown }> }> }): PauseRequest | null {
  for (const task of snapshot.tasks ?? []) {
    const pause = firstPause(task.interrupts ?? []);
    if (pause) return pause;
  }
  return null;
}
