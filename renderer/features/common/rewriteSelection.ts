import type { ScriptoriumApi } from "../../../shared/api.js";
import { rewriteStep } from "../../store/isRewriteToken.js";
import type { RewriteRequest } from "./documentEditorTypes.js";

function newRewriteId(): string {
  return `rw-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Asks the engine's local model to rewrite a selection (`documents.rewriteSelection`): subscribes to
 * the session stream first (from the events already seen) so every token reaches `onToken`, then
 * resolves the whole replacement. The signal cancels it (`documents.cancelRewrite`).
 */
export function rewriteSelection(
  api: ScriptoriumApi,
  sessionId: string,
  afterSeq: number,
  request: RewriteRequest,
  onToken: (text: string) => void,
  signal: AbortSignal,
): Promise<string> {
  const rewriteId = newRewriteId();
  const step = rewriteStep(rewriteId);
  const unsubscribe = api.subscribe(sessionId, afterSeq, (event) => {
    if (event.type === "token" && event.step === step) onToken(event.text);
  });
  const onAbort = () => void api.call("documents.cancelRewrite", { rewriteId }).catch(() => undefined);
  signal.addEventListener("abort", onAbort);
  return api
    .call("documents.rewriteSelection", { sessionId, rewriteId, ...request })
    .then((r) => r.replacement)
    .finally(() => {
      signal.removeEventListener("abort", onAbort);
      unsubscribe();
    });
}
