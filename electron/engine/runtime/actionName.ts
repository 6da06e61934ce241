/** The `action` field of a resume payload, for the `resumed` event. */
export function actionName(payload: unknown): string {
  const action = typeof payload === "object" && payload !== null ? (payload as { action?: unknown }).action : undefined;
  return typeof action === "string" ? action : "resume";
}
