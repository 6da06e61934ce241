import type { Settings } from "../../../shared/models.js";
import type { Checkpointer } from "../storage/Checkpointer.js";
import type { EventStore } from "../storage/EventStore.js";
import type { SessionStore } from "../storage/SessionStore.js";
import type { WorkflowRegistry } from "../workflows/WorkflowDefinition.js";
import type { EventHub } from "./EventHub.js";

export interface WorkflowRunnerOptions {
  /** Workflow id → definition; tests may register ids of their own. */
  registry: WorkflowRegistry;
  /** A workflow's own services (its definition's `services(platform)`, built once by the composition root). */
  servicesOf(workflowId: string): unknown;
  checkpointer: Checkpointer;
  sessions: SessionStore;
  events: EventStore;
  hub: EventHub;
  settings: () => Settings;
  /** Root of the per-session cache dirs, `<dataDir>/cache`; a session's dir is removed on delete. */
  cacheRoot: string;
  /** Supersteps per run before LangGraph gives up; default 100. */
  recursionLimit?: number;
  /** How long `dispose` waits for each aborted run to unwind, in ms; default 2000. */
  shutdownGraceMs?: number;
  /** Cleanup hooks run on `delete` (e.g. the version store). */
  onDelete?: (sessionId: string) => void;
}
