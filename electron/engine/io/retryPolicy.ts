/**
 * The one retry/backoff policy: full-jitter exponential backoff, random(0, min(capMs, baseMs·2^n))
 * (AWS architecture blog, "Exponential Backoff And Jitter"), with a server's Retry-After honoured
 * up to the cap. The intranet search provider and the model downloader both wait with it; the
 * circuit breaker and the bulkhead semaphore beside it (CircuitBreaker.ts, Semaphore.ts) complete
 * the policy for endpoints that go down.
 */
export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}

/** Delay before retry number `failures` (1 = the first retry). */
export function backoffDelay(failures: number, options: BackoffOptions, retryAfterMs: number | null = null, random: () => number = Math.random): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.min(options.capMs, Math.max(random() * ceiling, retryAfterMs ?? 0));
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date), or null when absent or unparsable. */
export function parseRetryAfter(header: string | string[] | undefined, now: number = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}
