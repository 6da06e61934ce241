/** The step the engine's selection-rewrite tokens carry on the session stream. */
export const rewriteStep = (rewriteId: string) => `rewrite:${rewriteId}`;

/** True for a `token` event of a selection rewrite (not a workflow's own tokens). */
export function isRewriteToken(event: { type: string; step?: string }): boolean {
  return event.type === "token" && typeof event.step === "string" && event.step.startsWith("rewrite:");
}
