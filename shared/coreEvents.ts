import { z } from "zod";
import { ApiErrorSchema } from "./errors.js";
import { DraftVersionSchema } from "./documents.js";
import { ImportReportSchema } from "./knowledge.js";
import { ThinkingModeSchema } from "./coreSettings.js";

/**
 * Core events: the protocol every workflow speaks. A workflow's own events (the article's
 * `materials_ready`, `outline_ready`, `review_ready` …) live in its `shared/workflows/<id>.ts`;
 * `shared/workflows/registry.ts` composes the one union the event store validates against.
 * Field names of the product brief (`session_id`, `pause_point`, `message` …) sit beside the
 * project's own, so clients of either kind read the same stream.
 */

/** Which agent a step belongs to; the timeline shows 研究院 / 作家 / 编辑 / 系统. */
export const AGENTS = ["researcher", "writer", "editor", "system"] as const;
export const AgentSchema = z.enum(AGENTS);
export type Agent = z.infer<typeof AgentSchema>;

export const eventBase = {
  /** Per-session sequence number, 1, 2, 3 … with no gaps; the SSE id and the replay cursor. */
  seq: z.number().int().min(1),
  sessionId: z.string(),
  /** ISO time the engine persisted the event. */
  ts: z.string(),
};

/** Build a core event schema (with seq, sessionId, ts). */
export const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ ...eventBase, type: z.literal(type), ...shape });

/**
 * Build a workflow's own event schema in its contract file; the registry adds it to the union.
 * Same wire shape as a core event.
 */
export const workflowEvent = ev;

/** What every pause context has (the runner fills both); the rest is the workflow's (see its contract's `pauses`). */
export const PauseContextBaseSchema = z.looseObject({ pause_point: z.string().optional(), allowed_actions: z.array(z.string()).optional() });

/**
 * A line the UI renders in its own language: `key` names a message of the workflow
 * (`<workflow>.step.<key>` for a label, `<workflow>.summary.<key>` for a summary), `params` fill its
 * placeholders; a param written `@<message key>` is itself translated (an intent's name), and a
 * param given as `{ zh, en }` is a name the engine knows in both languages (a guide's module). The
 * plain `label` / `summary` stay for logs, the CLI and the brief's clients.
 */
const StepLineSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.object({ zh: z.string(), en: z.string() })])).optional(),
});
/** `notes`: further messages of the same kind appended in order (a search's "2 searches failed"). */
export const StepTextSchema = StepLineSchema.extend({ notes: z.array(StepLineSchema).optional() });
export type StepText = z.infer<typeof StepTextSchema>;

export const CORE_EVENTS = [
  /** `model` / `thinking`: the session's own model and 思考, when it was started with them (they hold for its whole life). */
  ev("connected", { workflow: z.string(), model: z.string().optional(), thinking: ThinkingModeSchema.optional() }),
  ev("step_start", { step: z.string(), agent: AgentSchema, label: z.string(), labelText: StepTextSchema.optional() }),
  /** `interrupted`: the engine stopped mid-step (a restart) and the step runs again; no summary of its own. */
  ev("step_done", {
    step: z.string(),
    agent: AgentSchema,
    summary: z.string(),
    summaryText: StepTextSchema.optional(),
    durationMs: z.number(),
    interrupted: z.literal(true).optional(),
  }),
  /** A pause; `context` is the pause's context as the workflow's contract declares it. */
  ev("await_user", { pausePoint: z.string(), allowedActions: z.array(z.string()), context: PauseContextBaseSchema }),
  ev("resumed", { pausePoint: z.string(), action: z.string() }),
  ev("token", { step: z.string(), text: z.string() }),
  /**
   * How far a running step's model calls have got, at most about once a second and once at each
   * call's end: `tokens` generated in the step so far, `elapsedMs` since its first call began,
   * `tokensPerSecond` over that time, `maxTokens` the budget of the calls begun so far (absent when
   * a call set none) and `remainingMs` the time left at that rate if the budget is used up.
   */
  ev("step_tokens", {
    step: z.string(),
    tokens: z.number().int().min(0),
    elapsedMs: z.number().min(0),
    tokensPerSecond: z.number().min(0),
    maxTokens: z.number().int().min(1).optional(),
    remainingMs: z.number().min(0).optional(),
  }),
  /** A thinking model's thought as it streams, apart from the answer's tokens (chat folds it under 思考过程). */
  ev("thought", { step: z.string(), text: z.string() }),
  /** A step's thought reached its budget and was cut, so the answer keeps its tokens (思考 setting). */
  ev("thinking_cut", { step: z.string(), budgetTokens: z.number(), tokens: z.number() }),
  /** A piece of a section as it streams; `restart`: the section is being written again, drop what came before. */
  ev("draft_chunk", { sectionIndex: z.number().int(), text: z.string(), restart: z.literal(true).optional() }),
  /** A section still cut (maxTokens or mid-sentence) after its continuations; its text ends with a visible mark. */
  ev("section_truncated", { sectionIndex: z.number().int(), continuations: z.number().int() }),
  ev("draft_ready", { version: DraftVersionSchema, markdown: z.string(), title: z.string().optional(), revision_count: z.number().int().optional() }),
  /** A background task's step; an import's last one (done = total) carries its per-file `report`. */
  ev("progress", { task: z.string(), done: z.number(), total: z.number().nullable(), message: z.string().optional(), report: ImportReportSchema.optional() }),
  /** `result` is the workflow's public state (its contract's `state`). */
  ev("done", { summary: z.string(), summaryText: StepTextSchema.optional(), result: z.record(z.string(), z.unknown()).optional() }),
  ev("error", { error: ApiErrorSchema }),
] as const;

export type CoreEvent = z.infer<(typeof CORE_EVENTS)[number]>;
