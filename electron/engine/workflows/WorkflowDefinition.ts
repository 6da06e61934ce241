import type { z } from "zod";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { WorkflowId } from "../../../shared/api.js";
import type { DraftVersion } from "../../../shared/article.js";
import type { Material } from "../../../shared/knowledge.js";
import type { Settings } from "../../../shared/models.js";
import type { LlmClient } from "../llm/LlmClient.js";

/**
 * How a workflow plugs into the WorkflowRunner. The runner owns sessions, events, checkpoints and
 * cancellation; a workflow only says how to build its graph and how to read its pauses.
 *
 * Conventions every graph follows:
 * - Nodes emit events with `config.writer?.(draft)` where `draft` is an `EventDraft` from
 *   `shared/events.ts` (`step_start`, `materials_ready`, `draft_chunk` …). The runner assigns seq,
 *   persists, then delivers. Never emit `await_user`, `resumed`, `done` or `connected`: the runner does.
 * - A pause node has no side effects and calls `interrupt(pause)` with a `PauseRequest`; the value
 *   it returns is the payload already checked by `parseResume`.
 * - Nodes take `config.signal` and pass it to every LLM and search call.
 */
export interface WorkflowDefinition<Input = unknown> {
  id: WorkflowId;
  /** Validates `run.start`'s `input`. */
  inputSchema: z.ZodType<Input>;
  /** Session title shown in the session list. */
  title(input: Input): string;
  /** Compile the graph with the runner's checkpointer. */
  build(services: WorkflowServices, checkpointer: BaseCheckpointSaver): CompiledWorkflowGraph;
  /** The graph's input for a new run. */
  initialState(input: Input): Record<string, unknown>;
  /**
   * Validate a resume payload at a pause. Throws ScriptoriumError `bad_request` for a malformed
   * payload and `conflict` (details: `{allowed}`) for an action the pause does not allow.
   */
  parseResume(pause: PauseRequest, payload: unknown): unknown;
  /** The subset of state values `run.state` returns (JSON-serialisable). */
  publicValues(values: Record<string, unknown>): Record<string, unknown>;
  /** One line for the `done` event, from the final values. */
  doneSummary(values: Record<string, unknown>): string;
}

/** What a pause node passes to `interrupt()`; the runner turns it into an `await_user` event. */
export interface PauseRequest {
  pausePoint: string;
  allowedActions: string[];
  context: unknown;
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
}

export interface ResearchSearch {
  search(query: string, options: { limit: number; locale?: "zh" | "en"; signal?: AbortSignal }): Promise<Material[]>;
}

/** Draft versions of a session's document, in `app.db` (implemented in storage/VersionStore.ts). */
export interface VersionStore {
  add(sessionId: string, draft: { markdown: string; reason: DraftVersion["reason"] }): DraftVersion;
  list(sessionId: string): DraftVersion[];
  get(sessionId: string, number: number): { version: DraftVersion; markdown: string } | null;
  latest(sessionId: string): { version: DraftVersion; markdown: string } | null;
  setScores(sessionId: string, number: number, scores: NonNullable<DraftVersion["scores"]>): void;
}
