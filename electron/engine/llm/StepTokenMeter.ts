import type { GenerateStructuredOptions, GenerateTextOptions, GenerateTextResult, LlmClient, RankChoicesOptions, StructuredResult } from "./LlmClient.js";
import { currentStepTally, type StepTally, type StepTokens } from "./sessionLlmScope.js";

/** How often a running step reports its tokens at most; each call's start and end report as well. */
export const STEP_TOKENS_EVERY_MS = 1000;

/** generateText's budget when a call names none (see GenerateTextOptions.maxTokens). */
const TEXT_DEFAULT_MAX_TOKENS = 1024;

/**
 * Counts the tokens of each timeline step's model calls, whatever the backend: every call made
 * inside a step's scope (runInStepScope) adds its budget and its streamed chunks to the step's
 * tally, corrected to the backend's own count when the call ends; the step's node emits the
 * reports as `step_tokens` events — the one stream the CLI, the HTTP wire and the UI read.
 * Outside a step (a selection rewrite, a test calling the client) calls pass straight through.
 */
export class StepTokenMeter implements LlmClient {
  constructor(
    readonly inner: LlmClient,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get id(): string {
    return this.inner.id;
  }

  countTokens(text: string): Promise<number> {
    return this.inner.countTokens(text);
  }

  contextTokens(): Promise<number> {
    return this.inner.contextTokens();
  }

  generateText(options: GenerateTextOptions): Promise<GenerateTextResult> {
    return this.metered(options, options.maxTokens ?? TEXT_DEFAULT_MAX_TOKENS, (o) => this.inner.generateText(o));
  }

  generateStructured<T>(options: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> {
    return this.metered(options, options.maxTokens, (o) => this.inner.generateStructured(o));
  }

  /** A ranking generates no token: nothing to count, only passed through (and absent where the inner client has none). */
  get rankChoices(): ((options: RankChoicesOptions) => Promise<number[] | null>) | undefined {
    const inner = this.inner;
    return inner.rankChoices ? (options) => inner.rankChoices!(options) : undefined;
  }

  async dispose(): Promise<void> {
    await (this.inner as { dispose?: () => unknown }).dispose?.();
  }

  private async metered<O extends { onTextChunk?: (text: string) => void }, R extends { tokens: number }>(
    options: O,
    maxTokens: number | undefined,
    call: (options: O) => Promise<R>,
  ): Promise<R> {
    const tally = currentStepTally();
    if (!tally) return call(options);
    tally.firstCallAt ??= this.now();
    if (maxTokens !== undefined && maxTokens > 0) tally.maxTokens += maxTokens;
    this.report(tally);
    // A streamed chunk is about one token on every backend; the call's own count replaces them at its end.
    let streamed = 0;
    const onTextChunk = (text: string): void => {
      streamed++;
      tally.tokens++;
      if (this.now() - tally.lastReportAt >= STEP_TOKENS_EVERY_MS) this.report(tally);
      options.onTextChunk?.(text);
    };
    const result = await call({ ...options, onTextChunk });
    tally.tokens = Math.max(0, tally.tokens - streamed + result.tokens);
    this.report(tally);
    return result;
  }

  private report(tally: StepTally): void {
    const now = this.now();
    tally.lastReportAt = now;
    try {
      tally.report(stepTokens(tally, now));
    } catch {
      // Progress is advisory: a closed event store (shutdown) must not fail the model call.
    }
  }
}

/** The report of a tally at `now`: rate over the time since its first call, time left to its budget at that rate. */
export function stepTokens(tally: StepTally, now: number): StepTokens {
  const elapsedMs = Math.max(0, Math.round(now - (tally.firstCallAt ?? now)));
  const rate = elapsedMs > 0 ? tally.tokens / (elapsedMs / 1000) : 0;
  const tokensPerSecond = Math.round(rate * 10) / 10;
  const budget = tally.maxTokens > 0 ? { maxTokens: tally.maxTokens } : {};
  const timeLeft = tally.maxTokens > 0 && rate > 0 && tally.tokens < tally.maxTokens;
  const left = timeLeft ? { remainingMs: Math.round(((tally.maxTokens - tally.tokens) / rate) * 1000) } : {};
  return { step: tally.step, tokens: tally.tokens, elapsedMs, tokensPerSecond, ...budget, ...left };
}
