import { ThinkingModeSchema } from "../coreSettings.js";
import { z } from "zod";

/**
 * The contract of one workflow, declared once in `shared/workflows/<id>.ts` and registered in
 * `shared/workflows/registry.ts`. The engine, the HTTP route table, the CLI and the renderer all
 * read it: the start input, the pauses with each action's payload, the public state and the
 * workflow's own events.
 */

/** One pause: what its card shows (`context`) and, per allowed action, that action's payload fields. */
export interface PauseSpec<Context extends z.ZodRawShape = z.ZodRawShape, Actions extends Record<string, z.ZodRawShape> = Record<string, z.ZodRawShape>> {
  /** Fields of the pause's context, beside `pause_point` and `allowed_actions` (added for every pause). */
  context: Context;
  /** Action name → the payload fields that action takes (besides `action`). Empty shape = no fields. */
  actions: Actions;
}

export type PauseTable = Record<string, PauseSpec<any, any>>;

/** A request method of a workflow's own (e.g. `paper.import`): its input and output schemas. */
export interface MethodSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}

/** Method name (without the workflow prefix) → its schemas; the engine serves each as `<id>.<name>`. */
export type MethodTable = Record<string, MethodSpec<any, any>>;

/** An event of a workflow's own: `z.object({ type: z.literal("…"), … })` built with `workflowEvent`. */
export type WorkflowEventSchema = z.ZodObject<{ type: z.ZodLiteral<string> } & z.ZodRawShape>;

export interface WorkflowContract<
  Id extends string = string,
  Start extends z.ZodType = z.ZodType,
  Pauses extends PauseTable = PauseTable,
  State extends z.ZodType = z.ZodType,
  Events extends readonly WorkflowEventSchema[] = readonly WorkflowEventSchema[],
  Methods extends MethodTable = MethodTable,
  Settings extends z.ZodType = z.ZodType,
> {
  id: Id;
  /** HTTP route segment: `/api/<route>/start | {id}/stream | {id}/resume | {id}/state | {id}/versions | health`. */
  route: string;
  /** `run.start`'s `input` for this workflow. */
  start: Start;
  pauses: Pauses;
  /** `run.state`'s `values` for this workflow. */
  state: State;
  /** Events only this workflow emits (the core ones are in shared/events.ts). */
  events: Events;
  /** True when the workflow produces a document with versions (`documents.*`). */
  documents: boolean;
  /**
   * The workflow's own request methods, served as `<id>.<name>` on every adapter (IPC channel,
   * `POST /api/rpc/<id>.<name>`, CLI, MCP); their handlers are in the workflow's definition.
   */
  methods?: Methods;
  /**
   * Optional: another client's names beside the contract's on this workflow's own HTTP routes
   * (`/api/<route>/…` only; the app's RPC and session stream stay as they are). `event` maps one
   * event to its SSE `data`; `state` gives the fields `GET /state` adds at the top level;
   * `started` / `resumed` the fields added to those responses.
   */
  wire?: WorkflowWire;
  /**
   * The workflow's settings group, stored under its id (`settings.<id>`) and edited through
   * `settings.update` like the core settings. Must have a `.default()` so an empty database is valid.
   */
  settings?: Settings;
}

export interface WorkflowWire {
  event(event: { type: string; sessionId: string } & Record<string, unknown>): Record<string, unknown>;
  state(values: Record<string, unknown>): Record<string, unknown>;
  started: Record<string, unknown>;
  resumed: Record<string, unknown>;
}

/** Identity with inference: `export const articleContract = defineWorkflowContract({ … })`. */
export function defineWorkflowContract<
  const Id extends string,
  Start extends z.ZodType,
  const Pauses extends PauseTable,
  State extends z.ZodType,
  const Events extends readonly WorkflowEventSchema[],
  const Methods extends MethodTable = {},
  Settings extends z.ZodType = z.ZodNever,
>(contract: WorkflowContract<Id, Start, Pauses, State, Events, Methods, Settings>): WorkflowContract<Id, Start, Pauses, State, Events, Methods, Settings> {
  return contract;
}

/** Schema of the resume payload of one action at one pause: `{ action: "<name>", …fields }`, strict. */
export function actionPayloadSchema(action: string, fields: z.ZodRawShape) {
  return z.object({ action: z.literal(action), ...fields }).strict();
}

/** The resume payload type of a workflow: the union, over its pauses and actions, of `{action} & fields`. */
export type ResumePayloadOf<C extends WorkflowContract<any, any, any, any, any>> = {
  [P in keyof C["pauses"]]: {
    [A in keyof C["pauses"][P]["actions"]]: { action: A } & z.input<z.ZodObject<C["pauses"][P]["actions"][A]>>;
  }[keyof C["pauses"][P]["actions"]];
}[keyof C["pauses"]];

/** The parsed payload of one action at one pause. */
export type ActionPayload<C extends WorkflowContract<any, any, any, any, any>, P extends keyof C["pauses"], A extends keyof C["pauses"][P]["actions"]> = {
  action: A;
} & z.output<z.ZodObject<C["pauses"][P]["actions"][A]>>;

/** The context type of one pause (with `pause_point` and `allowed_actions`). */
export type PauseContextOf<C extends WorkflowContract<any, any, any, any, any>, P extends keyof C["pauses"]> = {
  pause_point: P;
  allowed_actions: string[];
} & z.output<z.ZodObject<C["pauses"][P]["context"]>>;

/** A contract's methods under their full names: `{ "<id>.<name>": spec }`. */
export type QualifiedMethods<C extends WorkflowContract<any, any, any, any, any, any>> = NonNullable<C["methods"]> extends infer M extends MethodTable
  ? { [N in keyof M & string as `${C["id"]}.${N}`]: M[N] }
  : {};

/** `{ "<id>.<name>": spec }` for each contract's methods, at run time. */
export function qualifiedMethodsOf(contracts: readonly WorkflowContract<any, any, any, any, any, any>[]): Record<string, MethodSpec> {
  const entries = contracts.flatMap((c) => Object.entries(c.methods ?? {}).map(([name, spec]): [string, MethodSpec] => [`${c.id}.${name}`, spec as MethodSpec]));
  return Object.fromEntries(entries);
}

/** `{ workflow, input }` for each contract, as one discriminated union (the engine builds its own from its registry). */
export function runStartSchemaOf(contracts: readonly WorkflowContract[]) {
  // `model_name` / `thinking`: the session's own model and 思考 (brief §7.4), for every workflow.
  const session = { model_name: z.string().trim().min(1).max(255).optional(), thinking: ThinkingModeSchema.optional() };
  const options = contracts.map((c) => z.object({ workflow: z.literal(c.id), input: c.start, ...session }).strict());
  if (!options.length) throw new Error("runStartSchemaOf: no workflows");
  return z.discriminatedUnion("workflow", options as [(typeof options)[number], ...typeof options]);
}
