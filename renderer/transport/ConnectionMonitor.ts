/**
 * Whether the page can reach its server: `online`; `offline` (a request or stream could not reach
 * it; probing until it answers); `restored` (it answered again, shown briefly, then `online`);
 * `locked` (it refused the token: the server restarted with another one, so no retry can help).
 */
export type ConnectionState = "online" | "offline" | "restored" | "locked";

/** `details.reason` of the error a call throws when the server cannot be reached: the indicator shows it, not a banner. */
export const SERVER_UNREACHABLE = "server_unreachable";

/** True for the error of a call that never reached the server. */
export function isServerUnreachable(error: { details?: unknown }): boolean {
  return (error.details as { reason?: unknown } | undefined)?.reason === SERVER_UNREACHABLE;
}

/** What one probe of the server found. */
export type ProbeOutcome = "ok" | "down" | "unauthorized";

export interface ConnectionMonitorOptions {
  /** Asks the server whether it is there and accepts the token (the transport's `health` call). */
  probe: () => Promise<ProbeOutcome>;
  /** Wait between probes while offline, in ms; default 2000. */
  retryMs?: number;
  /** How long `restored` shows before `online`, in ms; default 4000. */
  restoredMs?: number;
}

/**
 * The browser page's view of its connection. The HTTP transport reports what its calls and streams
 * meet; a lost connection is probed on a fixed short interval (not the streams' growing backoff), so
 * a restarted server is noticed within seconds and every waiting stream is woken to reconnect at once.
 */
export class ConnectionMonitor {
  private current: ConnectionState = "online";
  private readonly listeners = new Set<(state: ConnectionState) => void>();
  private readonly waiters = new Set<() => void>();
  private probing = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly retryMs: number;
  private readonly restoredMs: number;

  constructor(private readonly options: ConnectionMonitorOptions) {
    this.retryMs = options.retryMs ?? 2000;
    this.restoredMs = options.restoredMs ?? 4000;
  }

  get state(): ConnectionState {
    return this.current;
  }

  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (state: ConnectionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A request or stream did not reach the server, or a stream dropped: probe to find out which. */
  lost(): void {
    if (this.current === "locked" || this.probing) return;
    this.probing = true;
    void this.probeUntilAnswered();
  }

  /** The server answered a request with the page's token. */
  reached(): void {
    if (this.current !== "offline") return;
    this.set("restored");
    for (const wake of [...this.waiters]) wake();
    this.clearTimer();
    this.timer = setTimeout(() => {
      if (this.current === "restored") this.set("online");
    }, this.restoredMs);
  }

  /** The server refused the token: final, the page must be opened with the new link. */
  refused(): void {
    this.clearTimer();
    this.set("locked");
    for (const wake of [...this.waiters]) wake();
  }

  /** Resolves after `ms`, or earlier when the connection is restored (or locked) or `signal` aborts. */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal.addEventListener("abort", done, { once: true });
    });
  }

  private async probeUntilAnswered(): Promise<void> {
    try {
      for (;;) {
        let outcome: ProbeOutcome = "down";
        try {
          outcome = await this.options.probe();
        } catch {
          // A probe that throws found nothing to talk to.
        }
        if (outcome === "ok") return this.reached();
        if (outcome === "unauthorized") return this.refused();
        if (this.current !== "offline") {
          this.clearTimer();
          this.set("offline");
        }
        await new Promise((resolve) => setTimeout(resolve, this.retryMs));
        if (this.current !== "offline") return;
      }
    } finally {
      this.probing = false;
    }
  }

  private set(state: ConnectionState): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of [...this.listeners]) listener(state);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
