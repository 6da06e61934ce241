import { z } from "zod";
import { ApiErrorSchema } from "./errors.js";
import { MaterialSchema } from "./knowledge.js";
import { OutlineSchema, ReviewSchema, DraftVersionSchema } from "./article.js";

/** Which agent a step belongs to; the timeline shows 研究院 / 作家 / 编辑 / 系统. */
export const AGENTS = ["researcher", "writer", "editor", "system"] as const;
export const AgentSchema = z.enum(AGENTS);

const base = {
  /** Per-session sequence number, 1, 2, 3 … with no gaps; the SSE id and the replay cursor. */
  seq: z.number().int().min(1),
  sessionId: z.string(),
  /** ISO time the engine persisted the event. */
  ts: z.string(),
};

const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ ...base, type: z.literal(type), ...shape });

/**
 * The one event union shared by all workflows. Persisted in `app.db` before it is delivered,
 * so a client that reconnects replays exactly what it missed.
 */
export const EventSchema = z.discriminatedUnion("type", [
  ev("connected", { workflow: z.string() }),
  ev("step_start", { step: z.string(), agent: AgentSchema, label: z.string() }),
  ev("step_done", { step: z.string(), agent: AgentSchema, summary: z.string(), durationMs: z.number() }),
  ev("materials_ready", { materials: z.array(MaterialSchema), keywords: z.array(z.string()), summary: z.string() }),
  ev("outline_ready", { outline: OutlineSchema }),
  ev("draft_chunk", { sectionIndex: z.number().int(), text: z.string() }),
  ev("draft_ready", { version: DraftVersionSchema, markdown: z.string() }),
  ev("review_ready", { review: ReviewSchema }),
  ev("await_user", {
    pausePoint: z.string(),
    allowedActions: z.array(z.string()),
    /** Workflow-specific context (for the article workflow: `PauseContext`). */
    context: z.unknown(),
  }),
  ev("resumed", { pausePoint: z.string(), action: z.string() }),
  ev("token", { step: z.string(), text: z.string() }),
  ev("progress", { task: z.string(), done: z.number(), total: z.number().nullable(), message: z.string().optional() }),
  ev("done", { summary: z.string(), result: z.unknown().optional() }),
  ev("error", { error: ApiErrorSchema }),
]);
export type EngineEvent = z.infer<typeof EventSchema>;
export type EventType = EngineEvent["type"];
export type EventOf<T extends EventType> = Extract<EngineEvent, { type: T }>;

/** An event before the store assigns `seq`, `sessionId` and `ts`. */
export type EventDraft = EngineEvent extends infer E
  ? E extends EngineEvent
    ? Omit<E, "seq" | "sessionId" | "ts">
    : never
  : never;

/** Events for things that belong to no session (model downloads, ingest) use this stream id. */
export const SYSTEM_STREAM = "system";
