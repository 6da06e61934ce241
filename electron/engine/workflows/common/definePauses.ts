import { interrupt } from "@langchain/langgraph";
import { z } from "zod";
import { ScriptoriumError, formatZodError } from "../../../../shared/errors.js";
import { actionPayloadSchema } from "../../../../shared/workflows/contract.js";
import type { PauseTable } from "../../../../shared/workflows/contract.js";
import type { PauseRequest } from "../WorkflowDefinition.js";

/** What a pause node writes into state: which pause was answered and the checked payload. */
export interface ResumeRecord<P extends string = string, Payload = Record<string, unknown>> {
  pause: P;
  payload: Payload;
}

export interface PauseOptions<T extends PauseTable, S> {
  /** The context fields of each pause, from the state (pure: a pause node re-runs from its top on resume). */
  context: { [P in keyof T]: (state: S) => z.input<z.ZodObject<T[P]["context"]>> };
  /**
   * Rewrite a raw payload before it is checked (aliases of another client's wire format, `null`
   * for absent …). Must be pure. Default: unchanged.
   */
  normalize?: (pausePoint: keyof T & string, payload: Record<string, unknown>) => Record<string, unknown>;
  /** Checks across the payload and the pause's context; a message → `bad_request`. */
  check?: (pausePoint: keyof T & string, payload: Record<string, unknown> & { action: string }, request: PauseRequest) => string | null;
}

export interface Pauses<T extends PauseTable, S> {
  /** Pause points in table order. */
  points: Array<keyof T & string>;
  /** The actions each pause allows, in table order. */
  actions(pausePoint: keyof T & string): string[];
  /** The PauseRequest for `pausePoint` in `state`: `{pausePoint, allowedActions, context}`. */
  request(pausePoint: keyof T & string, state: S): PauseRequest;
  /**
   * A pause node: no side effects, only `interrupt(request)`; returns `{ resume: { pause, payload } }`
   * (the state needs a `resume` field), the payload already checked by `parseResume`.
   */
  node(pausePoint: keyof T & string): (state: S) => { resume: ResumeRecord<keyof T & string> };
  /**
   * Check a payload against the pause it answers, before anything is persisted: not an object or no
   * action → bad_request; an action this pause does not allow → conflict with `{allowed}`; fields
   * that fail the action's schema, or `check`'s message → bad_request naming them.
   */
  parseResume(request: PauseRequest, payload: unknown): Record<string, unknown> & { action: string };
}

/**
 * One table — pause → actions → payload fields (a contract's `pauses`) — gives the pause nodes,
 * the pause requests and `parseResume`, so the three can never disagree.
 */
export function definePauses<T extends PauseTable, S>(table: T, options: PauseOptions<T, S>): Pauses<T, S> {
  const points = Object.keys(table) as Array<keyof T & string>;
  const actions = (pausePoint: keyof T & string) => Object.keys(table[pausePoint]?.actions ?? {});
  const schemas = new Map<string, z.ZodType>();
  for (const point of points) for (const action of actions(point)) schemas.set(`${point}\u0000${action}`, actionPayloadSchema(action, table[point]!.actions[action] as z.ZodRawShape));

  const request = (pausePoint: keyof T & string, state: S): PauseRequest => {
    const allowed = actions(pausePoint);
    const fields = options.context[pausePoint](state) as Record<string, unknown>;
    return { pausePoint, allowedActions: allowed, context: { ...fields, pause_point: pausePoint, allowed_actions: allowed } };
  };

  const parseResume = (pause: PauseRequest, payload: unknown): Record<string, unknown> & { action: string } => {
    const point = pause.pausePoint as keyof T & string;
    if (!points.includes(point)) throw new ScriptoriumError("internal", `unknown pause point ${pause.pausePoint}`);
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      throw new ScriptoriumError("bad_request", "The resume payload must be a JSON object with an action.");
    }
    const raw = options.normalize ? options.normalize(point, { ...(payload as Record<string, unknown>) }) : (payload as Record<string, unknown>);
    const allowed = actions(point);
    if (typeof raw.action !== "string") throw new ScriptoriumError("bad_request", `action: expected one of ${allowed.join(", ")}`);
    const known = new Set(points.flatMap(actions));
    if (!known.has(raw.action)) throw new ScriptoriumError("bad_request", `action: unknown action ${JSON.stringify(raw.action)}; allowed here: ${allowed.join(", ")}`);
    if (!allowed.includes(raw.action)) {
      throw new ScriptoriumError("conflict", `action ${raw.action} is not allowed at ${point}; allowed: ${allowed.join(", ")}`, { allowed: [...allowed] });
    }
    const parsed = (schemas.get(`${point}\u0000${raw.action}`) as z.ZodType).safeParse(raw);
    if (!parsed.success) throw new ScriptoriumError("bad_request", formatZodError(parsed.error), parsed.error.issues);
    // Absent fields stay absent: a transform may have produced `undefined` for a `null`.
    const value = Object.fromEntries(Object.entries(parsed.data as Record<string, unknown>).filter(([, v]) => v !== undefined)) as Record<string, unknown> & {
      action: string;
    };
    const problem = options.check?.(point, value, pause) ?? null;
    if (problem) throw new ScriptoriumError("bad_request", problem);
    return value;
  };

  return {
    points,
    actions,
    request,
    node: (pausePoint) => (state: S) => {
      const payload = interrupt(request(pausePoint, state)) as Record<string, unknown>;
      return { resume: { pause: pausePoint, payload } };
    },
    parseResume,
  };
}
