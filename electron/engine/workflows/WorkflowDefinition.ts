import type { z } from "zod";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { DraftVersion } from "../../../shared/documents.js";
import type { Material } from "../../../shared/knowledge.js";
import type { Settings } from "../../../shared/models.js";
import type { WorkflowContract } from "../../../shared/workflows/contract.js";
import type { PaperLibrary } from "./paper/library/PaperLibrary.js";
import type { Embedder, LlmClient } from "../llm/LlmClient.js";

/**
 * How a workflow plugs into the WorkflowRunner. The runner owns sessions, events, checkpoints and
 * cancellation; a workflow says how to build its graph and how to read its state. Its contract
 * (`shared/workflows/<id>.ts`) gives the start input, the pauses and the events.
 *
 * Conventions every graph follows (helpers in `workflows/common/`):
 * - Nodes emit events with `emit(config, draft)` / `runStep(config, step, work)`; the runner assigns
 *   seq, persists, then delivers. Never emit `await_user`, `resumed`, `done` or `connected`: the runner does.
 * - Pause nodes come from `definePauses(contract.pauses, …)`: no side effects, `interrupt(request)`;
 *   the value they return is the payload `parseResume` already checked.
 * - Nodes take `config.signal` and pass it to every LLM and search call.
 */
export interface WorkflowDefinition<Input = any, C extends WorkflowContract = WorkflowContract> {
  id: C["id"];
  contract: C;
  /** Session title shown in the session list. */
  title(input: Input): string;
  /** Compile the graph with the runner's checkpointer. */
  build(services: WorkflowServices, checkpointer: BaseCheckpointSaver): CompiledWorkflowGraph;
  /** The graph's input for a new run. */
  initialState(input: Input): Record<string, unknown>;
  /**
   * Check what the start schema cannot (files on disk, library ids) before the session exists;
   * throws ScriptoriumError `bad_request` / `not_found` naming the problem, so a refused start leaves no session.
   */
  checkStart?(input: Input, services: WorkflowServices): Promise<void>;
  /**
   * Validate a resume payload at a pause (from `definePauses`). Throws ScriptoriumError
   * `bad_request` for a malformed payload and `conflict` (details: `{allowed}`) for an action the
   * pause does not allow. Returns the payload the pause node receives.
   */
  parseResume(pause: PauseRequest, payload: unknown): unknown;
  /** The contract's public state (`run.state`'s `values`), JSON-serialisable. */
  publicValues(values: Record<string, unknown>, status: WorkflowStatusInput): Record<string, unknown>;
  /** The workflow's status word for `run.state` (default: the session status). */
  status?(values: Record<string, unknown>, session: WorkflowStatusInput): string;
  /** One line for the `done` event, from the final values. */
  doneSummary(values: Record<string, unknown>): string;
  /** Present when the workflow produces a document: how `documents.restore` / `documents.edit` adopt a version. */
  document?: DocumentHooks;
}

/** What `status` and `publicValues` know of the session besides the graph values. */
export interface WorkflowStatusInput {
  status: "running" | "paused" | "done" | "error" | "cancelled" | "interrupted";
  pausePoint: string | null;
}

/**
 * `documents.restore` / `documents.edit`: the runner writes `adopt(…)` into the checkpoint and
 * sends the graph to `pauseNode`, so the restored text is the current draft the next action works on.
 */
export interface DocumentHooks {
  /** The pause a restored or hand-edited draft goes to (article: `pause_draft`, i.e. PAUSE-3). */
  pauseNode: string;
  /** The state update that makes `markdown` (stored as `version`) the current draft. */
  adopt(values: Record<string, unknown>, draft: { markdown: string; version: DraftVersion }): Record<string, unknown>;
}

/** What a pause node passes to `interrupt()`; the runner turns it into an `await_user` event. */
export interface PauseRequest {
  pausePoint: string;
  allowedActions: string[];
  /** The contract's context fields of this pause; the runner adds `pause_point` and `allowed_actions`. */
  context: Record<string, unknown>;
}

/** A compiled LangGraph graph, as much of it as the runner uses. */
export interface CompiledWorkflowGraph {
  stream(input: unknown, options: Record<string, unknown>): Promise<AsyncIterable<unknown>>;
  getState(config: Record<string, unknown>): Promise<{ values: Record<string, unknown>; next: string[]; tasks: Array<{ interrupts: Array<{ value?: unknown }> }> }>;
}

/** Services injected into graph factories; no module-level singletons. */
export interface WorkflowServices {
  llm: LlmClient;
  /** Fan-out search over the enabled providers (library + intranet), merged and ranked. */
  search: ResearchSearch;
  versions: VersionStore;
  settings: () => Settings;
  /** `<dataDir>/cache/<sessionId>/`, created on demand; write with atomic writes only. */
  cacheDir(sessionId: string): string;
  /** The paper library (paper workflow); absent in engines built without it. */
  papers?: PaperLibrary;
  /**
   * Hosts of the endpoints the user configured (enabled intranet search providers, the model mirror):
   * besides loopback, the only hosts a workflow may fetch a user's link from (offline rule).
   */
  intranetHosts?: () => Promise<string[]>;
  /** The data directory's root (a workflow keeps its own files under it, e.g. docgen's guides); absent in hand-built services. */
  dataDir?: string;
  /** The knowledge layer's embedder, loaded on first call (one model shared by every index); absent without a knowledge port. */
  embedder?: () => Promise<Embedder>;
}

export interface ResearchSearch {
  search(query: string, options: ResearchSearchOptions): Promise<Material[]>;
}

export interface ResearchSearchOptions {
  limit: number;
  locale?: "zh" | "en";
  signal?: AbortSignal;
  /** ISO dates bounding the period the intent names; providers that support a date filter apply them. */
  dateFrom?: string;
  dateTo?: string;
}

/** Draft versions of a session's document, in `app.db` (implemented in storage/VersionStore.ts). */
export interface VersionStore {
  add(sessionId: string, draft: { markdown: string; reason: DraftVersion["reason"] }): DraftVersion;
  list(sessionId: string): DraftVersion[];
  get(sessionId: string, number: number): { version: DraftVersion; markdown: string } | null;
  latest(sessionId: string): { version: DraftVersion; markdown: string } | null;
  setScores(sessionId: string, number: number, scores: NonNullable<DraftVersion["scores"]>): void;
}

/** The registry the runner reads: workflow id → definition (tests may register their own ids). */
export type WorkflowRegistry = Readonly<Record<string, WorkflowDefinition<any, any>>>;

/** The start input type of a contract. */
export type StartInputOf<C extends WorkflowContract> = z.output<C["start"]>;
