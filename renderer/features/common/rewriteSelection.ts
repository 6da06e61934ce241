import type { ScriptoriumApi } from "../../../shared/api.js";
import type { RewriteRequest } from "./DocumentEditorSlot.js";

/** The rewrite events of the session stream, as far as this client reads them. */
type RewriteEvent =
  | { type: "rewrite_token"; rewriteId: string; text: string }
  | { type: "rewrite_done"; rewriteId: string; replacement: string }
  | { type: "rewrite_error"; rewriteId: string; error: { code: string; message: string } };

/** The two contract methods this needs, typed locally until the contract declares them. */
interface RewriteCalls {
  call(method: "documents.rewriteSelection", input: RewriteRequest & { sessionId: string }): Promise<{ rewriteId: string }>;
  call(method: "documents.cancelRewrite", input: { rewriteId: string }): Promise<{ ok: true }>;
}

/**
 * Asks the engine's local model to rewrite a selection (`documents.rewriteSelection`) and follows
 * the session stream for its tokens. Resolves the whole replacement; the signal cancels it.
 */
export function rewriteSelection(api: ScriptoriumApi, sessionId: string, afterSeq: number, request: RewriteRequest, onToken: (text: string) => void, signal: AbortSignal): Promise<string> {
  const calls = api as unknown as RewriteCalls;
  return new Promise<string>((resolve, reject) => {
    let rewriteId: string | null = null;
    const early: RewriteEvent[] = [];
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      unsubscribe();
      fn();
    };
    const handle = (event: RewriteEvent) => {
      if (event.rewriteId !== rewriteId) return;
      if (event.type === "rewrite_token") onToken(event.text);
      else if (event.type === "rewrite_done") finish(() => resolve(event.replacement));
      else finish(() => reject(Object.assign(new Error(event.error.message), { code: event.error.code })));
    };
    // Subscribe before starting, from the events already seen, so no token is missed; filter by id.
    const unsubscribe = api.subscribe(sessionId, afterSeq, (raw) => {
      const event = raw as unknown as RewriteEvent;
      if (event.type !== "rewrite_token" && event.type !== "rewrite_done" && event.type !== "rewrite_error") return;
      if (rewriteId === null) early.push(event);
      else handle(event);
    });
    signal.addEventListener("abort", () => {
      if (rewriteId) void calls.call("documents.cancelRewrite", { rewriteId }).catch(() => undefined);
      finish(() => reject(new DOMException("aborted", "AbortError")));
    });
    calls.call("documents.rewriteSelection", { sessionId, ...request }).then(
      (r) => {
        rewriteId = r.rewriteId;
        for (const e of early.splice(0)) handle(e);
      },
      (error: unknown) => finish(() => reject(error)),
    );
  });
}
