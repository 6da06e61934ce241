import type { GenerateStructuredOptions, GenerateTextOptions, LlmClient, RankChoicesOptions } from "../../electron/engine/llm/LlmClient.js";

/**
 * Wraps an LlmClient and records when calls are in flight. Concurrent calls overlap, so the busy
 * time is the union of their intervals, not their sum: that is the wall time the workflow spent
 * waiting on the model.
 */
export class TimedLlm implements LlmClient {
  private intervals: Array<[number, number]> = [];
  calls = 0;
  tokens = 0;
  /** Prompt tokens (system + prompt) of the calls, counted only while `countPrompts` is set: the real bench's floor. */
  promptTokens = 0;
  countPrompts = false;
  /** Each finished call, for a probe that shows where a run's time went (role/step, tokens, ms). */
  onCall?: (call: { step: string; promptTokens: number; generated: number; ms: number }) => void;

  constructor(private readonly inner: LlmClient) {}

  countTokens(text: string): Promise<number> {
    return this.inner.countTokens(text);
  }

  contextTokens(): Promise<number> {
    return this.inner.contextTokens();
  }

  get id(): string {
    return this.inner.id;
  }

  async rankChoices(options: RankChoicesOptions): Promise<number[] | null> {
    return this.timed(async () => (this.inner.rankChoices ? this.inner.rankChoices(options) : null));
  }

  generateText(options: GenerateTextOptions) {
    return this.counted(options, () => this.inner.generateText(options));
  }

  generateStructured<T>(options: GenerateStructuredOptions<T>) {
    return this.counted(options, () => this.inner.generateStructured(options));
  }

  /** Forget the calls so far (the next run on the same engine is measured on its own). */
  reset(): void {
    this.intervals = [];
    this.calls = 0;
    this.tokens = 0;
    this.promptTokens = 0;
  }

  /** Milliseconds during which at least one call was running. */
  busyMs(): number {
    const sorted = [...this.intervals].sort((a, b) => a[0] - b[0]);
    let total = 0;
    let end = Number.NEGATIVE_INFINITY;
    for (const [s, e] of sorted) {
      if (s > end) {
        total += e - s;
        end = e;
      } else if (e > end) {
        total += e - end;
        end = e;
      }
    }
    return total;
  }

  private async counted<R extends { tokens: number }>(options: GenerateTextOptions | GenerateStructuredOptions<unknown>, call: () => Promise<R>): Promise<R> {
    const start = performance.now();
    const result = await this.timed(call);
    const ms = performance.now() - start;
    this.tokens += result.tokens;
    // Outside the timed interval: the busy time does not include the counting (a tokenize, < 1 ms).
    if (!this.countPrompts && !this.onCall) return result;
    const promptTokens = await this.inner.countTokens(`${options.system ?? ""}\n${options.prompt}`);
    if (this.countPrompts) this.promptTokens += promptTokens;
    this.onCall?.({ step: `${options.tag?.role ?? "?"}/${options.tag?.step ?? "?"}`, promptTokens, generated: result.tokens, ms });
    return result;
  }

  private async timed<T>(run: () => Promise<T>): Promise<T> {
    const start = performance.now();
    this.calls++;
    try {
      return await run();
    } finally {
      this.intervals.push([start, performance.now()]);
    }
  }
}
