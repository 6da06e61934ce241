/**
 * The event protocol as clients import it: the core events (coreEvents.ts), the full union of core
 * and every workflow's own events (composed in workflows/registry.ts from the contracts), and the
 * brief's wire view.
 */
import { z } from "zod";
import type { EngineEvent } from "./workflows/registry.js";

export * from "./coreEvents.js";
export type { EngineEvent, EventType, EventOf, EventDraft } from "./workflows/registry.js";

/**
 * What every event has, checked when an event is read back (the event store, an SSE stream). The
 * type's own fields are kept as they were written, not re-validated, so an event an older version
 * stored still replays.
 */
export const EventEnvelopeSchema = z.looseObject({ type: z.string(), seq: z.number().int(), sessionId: z.string() }) as unknown as z.ZodType<EngineEvent>;

/**
 * An event as the product brief's clients read it (the HTTP/SSE `data:`): the event itself plus the
 * brief's field names — `connected.session_id`, `await_user.pause_point` with the context spread
 * at the top level, `resumed.message`, `done.message`, `error.message`, `review_ready.review_result`.
 * Persisted events stay as they are; only the wire view adds these.
 */
export function briefView(event: { type: string; sessionId: string } & Record<string, unknown>): Record<string, unknown> {
  switch (event.type) {
    case "connected":
      return { ...event, session_id: event.sessionId };
    case "await_user": {
      const context = (event.context ?? {}) as Record<string, unknown>;
      const spread = Object.fromEntries(Object.entries(context).filter(([key]) => !(key in event)));
      return { ...spread, ...event, pause_point: event.pausePoint };
    }
    case "resumed":
      return { ...event, message: `resumed at ${String(event.pausePoint)}: ${String(event.action)}` };
    case "done":
      return { ...event, message: event.summary };
    case "error":
      return { ...event, message: (event.error as { message?: string } | undefined)?.message ?? "error" };
    case "review_ready":
      return { ...event, review_result: event.review };
    default:
      return event;
  }
}

/** Events for things that belong to no session (model downloads, ingest) use this stream id. */
export const SYSTEM_STREAM = "system";
