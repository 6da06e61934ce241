export type BreakerState = "closed" | "open" | "half_open";

export interface CircuitBreakerOptions {
  /** Consecutive failed calls that open the breaker; default 5. */
  failureThreshold?: number;
  /** How long it stays open before one probe is let through, ms; default 30 000. */
  cooldownMs?: number;
  /** Clock, injectable for tests; default Date.now. */
  now?: () => number;
}

/**
 * Consecutive-failure breaker: after N failed calls the endpoint is left alone for a cool-down,
 * then a single probe decides (success closes it, failure re-opens it). Keeps a dead intranet
 * endpoint from costing every research step its full timeout.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private probing = false;
  private readonly threshold: number;
  private readonly cooldownMs: number;
  private readonly now: () => number;

  constructor(options: CircuitBreakerOptions = {}) {
    this.threshold = options.failureThreshold ?? 5;
    this.cooldownMs = options.cooldownMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  get state(): BreakerState {
    if (this.openedAt === null) return "closed";
    return this.now() - this.openedAt >= this.cooldownMs ? "half_open" : "open";
  }

  /** Milliseconds until a probe is allowed; 0 when calls may go through. */
  retryInMs(): number {
    return this.openedAt === null ? 0 : Math.max(0, this.openedAt + this.cooldownMs - this.now());
  }

  /** True if a call may start now; in half-open state only one probe at a time. */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === "closed") return true;
    if (state === "open" || this.probing) return false;
    this.probing = true;
    return true;
  }

  onSuccess(): void {
    this.failures = 0;
    this.openedAt = null;
    this.probing = false;
  }

  onFailure(): void {
    this.failures++;
    if (this.probing || this.failures >= this.threshold) this.openedAt = this.now();
    this.probing = false;
  }

  /** A call that ended without a verdict (cancelled by the user) releases a probe slot. */
  onCancel(): void {
    this.probing = false;
  }
}
