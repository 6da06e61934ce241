import type { EngineEvent } from "../../../shared/events.js";

/** A subscriber; called once per event, in seq order. */
export type EventListener = (event: EngineEvent) => void;

/**
 * Delivers persisted events to live subscribers. `subscribe` registers first and replays second,
 * keeping a seq watermark, so an event committed during the replay is neither lost nor repeated.
 */
export class EventHub {
  private readonly listeners = new Map<string, Set<EventListener>>();

  /** Events committed while a delivery was running, delivered by that delivery after the event in hand. */
  private readonly backlog: EngineEvent[] = [];
  private delivering = false;

  /**
   * Deliver committed events (EventStore's `onPersisted`). A throwing listener does not stop the
   * others. A listener may act at once — answer an `await_user` with a resume, whose `resumed`
   * commits and is published inside this call — so a nested publish only queues: every listener
   * still sees each session's events in seq order (a listener past seq N would drop event N).
   */
  publish(events: readonly EngineEvent[]): void {
    this.backlog.push(...events);
    if (this.delivering) return;
    this.delivering = true;
    try {
      for (let i = 0; i < this.backlog.length; i++) {
        const event = this.backlog[i]!;
        const set = this.listeners.get(event.sessionId);
        if (!set) continue;
        for (const listener of [...set]) {
          try {
            listener(event);
          } catch (error) {
            console.error("[EventHub] listener failed", error);
          }
        }
      }
    } finally {
      this.backlog.length = 0;
      this.delivering = false;
    }
  }

  /**
   * Replay `replay(afterSeq)` (events with seq > afterSeq), then live events, with no gap and no
   * duplicate. Returns the unsubscribe function.
   */
  subscribe(sessionId: string, afterSeq: number, listener: EventListener, replay: (afterSeq: number) => EngineEvent[]): () => void {
    let watermark = afterSeq;
    let replaying = true;
    const queued: EngineEvent[] = [];
    const deliver = (event: EngineEvent): void => {
      if (event.seq <= watermark) return;
      watermark = event.seq;
      listener(event);
    };
    const live: EventListener = (event) => {
      if (replaying) queued.push(event);
      else deliver(event);
    };
    let set = this.listeners.get(sessionId);
    if (!set) {
      set = new Set();
      this.listeners.set(sessionId, set);
    }
    set.add(live);
    try {
      for (const event of replay(afterSeq)) deliver(event);
      for (const event of queued) deliver(event);
    } finally {
      replaying = false;
      queued.length = 0;
    }
    return () => {
      const current = this.listeners.get(sessionId);
      current?.delete(live);
      if (current && current.size === 0) this.listeners.delete(sessionId);
    };
  }

  /** Number of live subscribers of a session (for tests and diagnostics). */
  listenerCount(sessionId: string): number {
    return this.listeners.get(sessionId)?.size ?? 0;
  }
}
