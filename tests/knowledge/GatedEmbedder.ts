import { HashEmbedder } from "./HashEmbedder.js";

/**
 * A hash embedder that holds its `blockOn`-th call until the caller's signal aborts: the job is
 * provably in flight when `jobs.cancel` arrives, with no timing involved.
 */
export class GatedEmbedder extends HashEmbedder {
  readonly started: Promise<void>;
  private markStarted!: () => void;
  private call = 0;

  constructor(private readonly blockOn: number) {
    super(64);
    this.started = new Promise((resolve) => (this.markStarted = resolve));
  }

  override async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (++this.call === this.blockOn) {
      this.markStarted();
      await new Promise<never>((_, reject) => {
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
      });
    }
    return super.embed(texts);
  }
}
