import type { EventDraft } from "../../../shared/events.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { RewriteRequest, RewriteResult } from "../../../shared/documents.js";
import type { LlmClient } from "../llm/LlmClient.js";
import { cleanRewrite, rewritePrompt } from "./rewritePrompts.js";
import { detectLocale } from "../../../shared/detectLocale.js";

export interface SelectionRewriterOptions {
  llm: () => LlmClient;
  /** Persists and publishes an event on the session's stream (`token` events of the rewrite). */
  note(sessionId: string, draft: EventDraft): void;
}

/** The step name the rewrite's `token` events carry, so clients tell them from a workflow's tokens. */
export const rewriteStep = (rewriteId: string) => `rewrite:${rewriteId}`;

/**
 * Selection actions of the editor (改写 / 扩写 / 缩写 / 润色 / 翻译 / custom): one bounded plain-text
 * call of the local model per request, streamed as `token` events on the session stream; the
 * answer is the cleaned replacement. Nothing is stored: the user accepts it in the editor, which
 * then stores a version (`documents.edit`). One rewrite at a time per session; cancellable.
 */
export class SelectionRewriter {
  private readonly active = new Map<string, { sessionId: string; controller: AbortController }>();

  constructor(private readonly options: SelectionRewriterOptions) {}

  async rewrite(request: RewriteRequest): Promise<RewriteResult> {
    if (this.active.has(request.rewriteId)) throw new ScriptoriumError("conflict", `Rewrite ${request.rewriteId} is already running.`);
    if ([...this.active.values()].some((a) => a.sessionId === request.sessionId)) {
      throw new ScriptoriumError("conflict", "A rewrite is already running in this session; accept, reject or cancel it first.");
    }
    const controller = new AbortController();
    this.active.set(request.rewriteId, { sessionId: request.sessionId, controller });
    try {
      const locale = detectLocale(request.text) === "en" ? "en" : "zh";
      const target = request.targetLocale ?? (locale === "zh" ? "en" : "zh");
      const { system, prompt } = rewritePrompt({ ...request, before: request.before ?? "", after: request.after ?? "", locale, target });
      // Bounded: an expansion may double the passage; nothing needs more than that plus a margin.
      const maxTokens = Math.min(2048, Math.ceil(request.text.length * (request.action === "expand" ? 2.5 : 1.6)) + 64);
      const result = await this.options.llm().generateText({
        system,
        prompt,
        tag: { role: "editor", step: `rewrite_${request.action}` },
        maxTokens,
        maxContinuations: 0,
        temperature: request.action === "polish" || request.action === "translate" ? 0.3 : 0.7,
        signal: controller.signal,
        onTextChunk: (text) => this.options.note(request.sessionId, { type: "token", step: rewriteStep(request.rewriteId), text } as EventDraft),
      });
      if (controller.signal.aborted) throw new ScriptoriumError("aborted", "The rewrite was cancelled.");
      const replacement = cleanRewrite(result.text);
      if (!replacement) throw new ScriptoriumError("unavailable", "The model returned no text for the rewrite; the document is unchanged.");
      return { rewriteId: request.rewriteId, replacement, stopReason: result.stopReason };
    } finally {
      this.active.delete(request.rewriteId);
    }
  }

  /** Stops a running rewrite at its next token; unknown ids are fine (it may have just finished). */
  cancel(rewriteId: string): void {
    this.active.get(rewriteId)?.controller.abort();
  }
}
