import { z } from "zod";
import { CORE_EVENTS } from "../coreEvents.js";
import type { CoreEvent } from "../coreEvents.js";
import { articleContract } from "./article.js";
import { chatContract } from "./chat.js";
import { paperContract } from "./paper.js";
import { docgenContract } from "./docgen.js";
import { qualifiedMethodsOf, runStartSchemaOf } from "./contract.js";
import type { QualifiedMethods, ResumePayloadOf, WorkflowContract } from "./contract.js";

/**
 * Every workflow's contract, by id. Adding a workflow = its `shared/workflows/<id>.ts` and one line
 * here; the event union, `run.start`'s union, `run.resume`'s payload type and the HTTP routes follow.
 */
export const WORKFLOW_CONTRACTS = {
  article: articleContract,
  chat: chatContract,
  docgen: docgenContract,
  paper: paperContract,
} as const;

export type WorkflowContracts = typeof WORKFLOW_CONTRACTS;
export type WorkflowId = keyof WorkflowContracts;
export const WORKFLOWS = Object.keys(WORKFLOW_CONTRACTS) as [WorkflowId, ...WorkflowId[]];
export const WorkflowIdSchema = z.enum(WORKFLOWS);
const contracts: readonly WorkflowContract[] = Object.values(WORKFLOW_CONTRACTS);

type WorkflowEvent = { [W in WorkflowId]: z.infer<WorkflowContracts[W]["events"][number]> }[WorkflowId];
/** One event as persisted: a core event or one of a workflow's own. */
export type EngineEvent = CoreEvent | WorkflowEvent;
export type EventType = EngineEvent["type"];
export type EventOf<T extends EventType> = Extract<EngineEvent, { type: T }>;
/** An event before the store assigns `seq`, `sessionId` and `ts`. */
export type EventDraft = EngineEvent extends infer E ? (E extends EngineEvent ? Omit<E, "seq" | "sessionId" | "ts"> : never) : never;

/** The one event union: core events plus each workflow's own. The event store validates against it. */
export const EventSchema = z.discriminatedUnion("type", [...CORE_EVENTS, ...contracts.flatMap((c) => c.events)]) as unknown as z.ZodType<EngineEvent>;

/** `run.start`'s request: `{ workflow, input }` for each workflow, as a client sends it. */
export type RunStartRequest = { [W in WorkflowId]: { workflow: W; input: z.input<WorkflowContracts[W]["start"]> } }[WorkflowId];
export type RunStartParsed = { [W in WorkflowId]: { workflow: W; input: z.output<WorkflowContracts[W]["start"]> } }[WorkflowId];
/** A discriminated union on `workflow`; each member carries that workflow's start input. */
export const RunStartSchema = runStartSchemaOf(contracts) as unknown as z.ZodType<RunStartParsed, RunStartRequest>;

/** Resume payload of any workflow; the engine checks it against the session's pending pause. */
export type ResumePayload = { [W in WorkflowId]: ResumePayloadOf<WorkflowContracts[W]> }[WorkflowId];

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** Every workflow's own methods under their full names (`paper.import`, `docgen.listGuides` …). */
export type WorkflowMethods = UnionToIntersection<{ [W in WorkflowId]: QualifiedMethods<WorkflowContracts[W]> }[WorkflowId]>;
export const WORKFLOW_METHODS = qualifiedMethodsOf(contracts) as unknown as WorkflowMethods;
