import type Database from "better-sqlite3";
import { ScriptoriumError, formatZodError } from "../../../shared/errors.js";
import { EventEnvelopeSchema, type EngineEvent, type EventDraft, type EventType } from "../../../shared/events.js";
import { parseJson } from "../../../shared/parseJson.js";
import { EventSchema } from "../../../shared/workflows/registry.js";
import { withRelaxedSync } from "./withRelaxedSync.js";

/**
 * Event types emitted many times a second. They are batched: with `synchronous=FULL` every commit
 * is an fsync, so one commit per token would cap streaming at the disk's fsync rate.
 */
export const HIGH_RATE_EVENTS: ReadonlySet<EventType> = new Set<EventType>(["token", "draft_chunk", "progress", "step_tokens"]);

/**
 * The runner's transition events: a run starts, pauses or ends. A batch holding one commits with
 * the connection's own durability (`synchronous=FULL` in the app), which fsyncs the WAL and so
 * every event before it. Every other batch — what nodes emit while a run is between two
 * transitions — commits with `synchronous=NORMAL`: durable across a crash or `kill -9` in WAL
 * mode, without an fsync each. A power cut mid-run can lose those events since the last
 * transition; the recovered run redoes those steps and emits them again with fresh seqs.
 * `resumed` is not among them: the runner fsyncs it together with the answer it announces, once
 * LangGraph has written that answer (WorkflowRunner.syncAnswer), so one fsync covers both.
 */
export const DURABLE_EVENTS: ReadonlySet<EventType> = new Set<EventType>(["connected", "await_user", "done", "error"]);

export interface EventStoreOptions {
  /** How long a high-rate event may wait in memory before its batch is committed, in ms; default 50. */
  flushIntervalMs?: number;
  /** Called after each commit with the events it made durable, in seq order. */
  onPersisted?: (events: EngineEvent[]) => void;
}

/**
 * The per-session event log. `append` assigns the next seq (1, 2, 3 … without gaps) at once;
 * the event becomes durable — and is handed to `onPersisted` — when its batch commits. Any
 * event that is not high-rate commits immediately together with everything buffered before
 * it, so a `done`, `await_user` or `error` is never durable before the tokens that preceded it.
 */
export class EventStore {
  private readonly db: Database.Database;
  private readonly flushIntervalMs: number;
  private readonly onPersisted: ((events: EngineEvent[]) => void) | undefined;
  private readonly nextSeq = new Map<string, number>();
  private pending: EngineEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  /** True once `close()` ran: a late job (an OCR page after shutdown) has nowhere to report. */
  get isClosed(): boolean {
    return this.closed;
  }
  private prepared: { insert: Database.Statement; bump: Database.Statement } | null = null;

  constructor(db: Database.Database, options: EventStoreOptions = {}) {
    this.db = db;
    this.flushIntervalMs = options.flushIntervalMs ?? 50;
    this.onPersisted = options.onPersisted;
  }

  /**
   * Assign seq and ts, validate against the event union, queue; commits now unless high-rate.
   * `alongside`, the caller's own write that goes with the event (a session's status at a pause or
   * end), runs in the same transaction before the event's row: both commit or neither does, with one
   * commit instead of two. When it throws, the transaction rolls back and the event is dropped
   * (its seq is given again), so the log and the session row are as they were.
   */
  append(sessionId: string, draft: EventDraft, alongside?: () => void): EngineEvent {
    if (this.closed) throw new ScriptoriumError("unavailable", "The event store is closed.");
    const seq = this.peekNextSeq(sessionId);
    const parsed = EventSchema.safeParse({ ...draft, seq, sessionId, ts: new Date().toISOString() });
    if (!parsed.success) {
      throw new ScriptoriumError("internal", `Invalid ${String((draft as { type?: unknown }).type)} event: ${formatZodError(parsed.error)}`);
    }
    this.nextSeq.set(sessionId, seq + 1);
    this.pending.push(parsed.data);
    if (alongside) {
      try {
        this.flush(alongside);
      } catch (error) {
        this.pending = this.pending.filter((event) => event !== parsed.data);
        this.nextSeq.set(sessionId, seq);
        throw error;
      }
    } else if (HIGH_RATE_EVENTS.has(parsed.data.type)) this.schedule();
    else this.flush();
    return parsed.data;
  }

  /**
   * Commit every buffered event in one transaction, then report them to `onPersisted`. `alongside`
   * (the caller's own writes) runs first in the same transaction; with `durable`, the commit has the
   * connection's own level (FULL in the app) even when no transition event is in the batch.
   */
  flush(alongside?: () => void, durable = false): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if ((this.pending.length === 0 && !alongside) || !this.db.open) return;
    const batch = this.pending;
    this.pending = [];
    const fsync = durable || batch.some((event) => DURABLE_EVENTS.has(event.type));
    const { insert, bump } = this.statements();
    const commit = this.db.transaction(() => {
      alongside?.();
      const last = new Map<string, number>();
      for (const event of batch) {
        insert.run(event.sessionId, event.seq, event.type, event.ts, JSON.stringify(event));
        last.set(event.sessionId, event.seq);
      }
      for (const [sessionId, seq] of last) bump.run(seq, sessionId);
    });
    try {
      if (fsync) commit();
      else withRelaxedSync(this.db, () => commit());
    } catch (error) {
      // Keep the batch so order and no-gaps still hold if a later flush succeeds.
      this.pending = batch.concat(this.pending);
      throw error;
    }
    if (batch.length) this.onPersisted?.(batch);
  }

  /** Persisted events of a session with seq > afterSeq, in order. */
  list(sessionId: string, afterSeq = 0): EngineEvent[] {
    const rows = this.db.prepare("SELECT json FROM events WHERE session_id = ? AND seq > ? ORDER BY seq").all(sessionId, afterSeq) as Array<{ json: string }>;
    return rows.map((row) => storedEvent(row.json, sessionId));
  }

  /** The session's first persisted event (its `connected`), or null. */
  first(sessionId: string): EngineEvent | null {
    const row = this.db.prepare("SELECT json FROM events WHERE session_id = ? AND seq = 1").get(sessionId) as { json: string } | undefined;
    return row ? storedEvent(row.json, sessionId) : null;
  }

  /** Highest seq assigned so far (persisted or buffered); 0 for an empty stream. */
  lastSeq(sessionId: string): number {
    return this.peekNextSeq(sessionId) - 1;
  }

  /** Drop a session's log, buffered events included. */
  deleteSession(sessionId: string): void {
    this.pending = this.pending.filter((event) => event.sessionId !== sessionId);
    this.nextSeq.delete(sessionId);
    this.db.prepare("DELETE FROM events WHERE session_id = ?").run(sessionId);
  }

  /** Flush and stop accepting events. */
  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
  }

  private peekNextSeq(sessionId: string): number {
    let next = this.nextSeq.get(sessionId);
    if (next === undefined) {
      const row = this.db.prepare("SELECT coalesce(max(seq), 0) AS last FROM events WHERE session_id = ?").get(sessionId) as { last: number };
      next = row.last + 1;
      this.nextSeq.set(sessionId, next);
    }
    return next;
  }

  /** Prepared on first use and kept: a run commits dozens of batches. */
  private statements(): { insert: Database.Statement; bump: Database.Statement } {
    this.prepared ??= {
      insert: this.db.prepare("INSERT INTO events(session_id, seq, type, ts, json) VALUES (?, ?, ?, ?, ?)"),
      bump: this.db.prepare("UPDATE sessions SET last_seq = max(last_seq, ?) WHERE id = ?"),
    };
    return this.prepared;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      try {
        this.flush();
      } catch (error) {
        console.error("[EventStore] flush failed", error);
      }
    }, this.flushIntervalMs);
    this.timer.unref();
  }
}

/** A persisted event read back; a damaged row is an `internal` error naming the session. */
function storedEvent(json: string, sessionId: string): EngineEvent {
  return parseJson(EventEnvelopeSchema, json, `a stored event of session ${sessionId}`, "internal");
}
