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

  async generateText(options: GenerateTextOptions) {
    const result = await this.timed(async () => {
      const result = await this.inner.generateText(options);
      this.tokens += result.tokens;
      return result;
    });
    await this.countPrompt(options.system, options.prompt);
    return result;
  }

  async generateStructured<T>(options: GenerateStructuredOptions<T>) {
    const result = await this.timed(async () => {
      const result = await this.inner.generateStructured(options);
      this.tokens += result.tokens;
      return result;
    });
    await this.countPrompt(options.system, options.prompt);
    return result;
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

  private async countPrompt(system: string | undefined, prompt: string): Promise<void> {
    // Outside the timed interval: the busy time does not include the counting (a tokenize, < 1 ms).
    if (this.countPrompts) this.promptTokens += await this.inner.countTokens(`${system ?? ""}\n${prompt}`);
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
