/**
 * A task id for a job the renderer starts (`paper.import {taskId}`): its `progress` events carry it,
 * so the job tray shows the job and `jobs.cancel {taskId}` stops it.
 */
export function newTaskId(kind: string): string {
  const random = typeof crypto !== "undefined" && typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${kind}-${random}`;
}
