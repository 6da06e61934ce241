import type { StopReason } from "./LlmClient.js";
import { approxTokens, type RemoteStep } from "./remoteRequest.js";
import { estimateTokens } from "./estimateTokens.js";
import { ThinkSplitter, type SplitPiece } from "./ThinkSplitter.js";
import type { ThinkingPlan } from "./thinkingPlan.js";

/** What a remote step's collector reports to and is bounded by. */
export interface ReplyCollectorRequest {
  /** The caller's abort; the collector's own `signal` follows it. */
  signal: AbortSignal | undefined;
  onTextChunk: ((text: string) => void) | undefined;
  onThoughtChunk?: ((text: string) => void) | undefined;
  /** Whether the step may think, and its thought budget in tokens. */
  plan: ThinkingPlan;
}

/**
 * Gathers one streamed reply of a remote server (Ollama, OpenAI-compatible): the answer apart from
 * the thought, whether it comes in a reasoning field or inline as `<think>`, each piece passed on
 * as it arrives, and the request aborted (`signal`) once a thought runs past its budget.
 */
export class ReplyCollector {
  /** Aborts the request: the caller's signal, or a thought past its budget. */
  readonly signal: AbortSignal;
  /** The answer so far. */
  added = "";
  /** The thought so far. */
  thought = "";
  /** Output tokens as the server reported them; estimated from the text when it reports none. */
  tokens: number | undefined;
  private readonly overBudget = new AbortController();
  private readonly splitter = new ThinkSplitter();

  constructor(private readonly request: ReplyCollectorRequest) {
    // Aborted when a thought runs past its budget; the caller's signal aborts it too.
    this.signal = request.signal ? AbortSignal.any([request.signal, this.overBudget.signal]) : this.overBudget.signal;
  }

  /** True once the thought ran past its budget (the request was aborted for it). */
  get cut(): boolean {
    return this.overBudget.signal.aborted;
  }

  /** A piece from the server's reasoning field. */
  takeThought(piece: string): void {
    if (!piece) return;
    this.thought += piece;
    this.request.onThoughtChunk?.(piece);
    // A thought sent though none was asked for (a server ignoring the flag) is only kept apart, never cut.
    if (this.request.plan.think && estimateTokens(this.thought) > this.request.plan.budgetTokens) this.overBudget.abort();
  }

  /** A piece of the content, which may carry an inline `<think>` thought. */
  takeContent(piece: string): void {
    if (piece) this.take(this.splitter.push(piece));
  }

  /** The end of the stream: what the splitter still holds. */
  flush(): void {
    this.take(this.splitter.flush());
  }

  /** The step as far as it came before the caller aborted it. */
  aborted(): RemoteStep {
    return { added: this.added, stopReason: "abort", tokens: this.tokenCount() };
  }

  /** The whole step, with its thought (and whether it was cut) when there was one. */
  finished(stopReason: StopReason): RemoteStep {
    const thinking = this.thought ? { tokens: estimateTokens(this.thought), cut: this.cut, budgetTokens: this.request.plan.budgetTokens } : undefined;
    return { added: this.added, stopReason, tokens: this.tokenCount(), ...(thinking ? { thought: this.thought, thinking } : {}) };
  }

  private tokenCount(): number {
    return this.tokens ?? approxTokens(this.added + this.thought);
  }

  private take(piece: SplitPiece): void {
    if (piece.retract) this.added = "";
    this.takeThought(piece.thought);
    if (piece.answer) {
      this.added += piece.answer;
      this.request.onTextChunk?.(piece.answer);
    }
  }
}
