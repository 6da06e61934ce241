import type Database from "better-sqlite3";
import type { z } from "zod";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { MethodInput, MethodOutput, ScriptoriumApi } from "../../../shared/api.js";
import type { DraftVersion } from "../../../shared/documents.js";
import type { EventDraft } from "../../../shared/events.js";
import type { Settings } from "../../../shared/models.js";
import type { CliCommand } from "../../../shared/cli/CliContext.js";
import type { MethodTable, WorkflowContract } from "../../../shared/workflows/contract.js";
import type { JobRegistry } from "../jobs/JobRegistry.js";
import type { Embedder, LlmClient } from "../llm/LlmClient.js";
import type { SessionState } from "../../../shared/api.js";
import type { ResearchSearch } from "../search/ResearchSearch.js";
import type { SearchProvider } from "../search/SearchProvider.js";
import type { VersionStore } from "../storage/VersionStore.js";
import type { MigrationStep } from "../storage/namespaceMigrations.js";
import type { StepLine } from "./common/nodeRuntime.js";
import type { ExportDocument, ExportSource, Replacement } from "../export/ExportDocument.js";

export type { ResearchSearch, ResearchSearchOptions } from "../search/ResearchSearch.js";
export type { VersionStore } from "../storage/VersionStore.js";
export type { MigrationStep } from "../storage/namespaceMigrations.js";

/**
 * How a workflow plugs into the engine. The runner owns sessions, events, checkpoints and
 * cancellation; a workflow says how to build its services and its graph, how to read its state,
 * and how to serve its own methods. Its contract (`shared/workflows/<id>.ts`) gives the start
 * input, the pauses, the events and the methods' schemas.
 *
 * Conventions every graph follows (helpers in `workflows/common/`):
 * - Nodes are `(deps) => async (state, config) => Partial<State>`; `deps` is the workflow's own
 *   services type, built once by `services(platform)`.
 * - Nodes emit events with `emit(config, draft)` / `runStep(config, step, work)`; the runner assigns
 *   seq, persists, then delivers. Never emit `await_user`, `resumed`, `done` or `connected`: the runner does.
 * - Pause nodes come from `definePauses(contract.pauses, …)`: no side effects, `interrupt(request)`;
 *   the value they return is the payload `parseResume` already checked.
 * - Nodes take `config.signal` and pass it to every LLM and search call.
 */
export interface WorkflowDefinition<Input = any, C extends WorkflowContract<any, any, any, any, any, any> = WorkflowContract, S = PlatformServices> {
  id: C["id"];
  contract: C;
  /**
   * The workflow's own services, built once per engine from the platform's (the paper library,
   * docgen's guide library …); disposed with the engine when they have `dispose()`. Default: the
   * platform services themselves.
   */
  services?(platform: PlatformServices): S;
  /** Session title shown in the session list. */
  title(input: Input): string;
  /** Compile the graph with the runner's checkpointer. */
  build(deps: S, checkpointer: BaseCheckpointSaver): CompiledWorkflowGraph;
  /** The graph's input for a new run. */
  initialState(input: Input): Record<string, unknown>;
  /**
   * Check what the start schema cannot (files on disk, library ids) before the session exists;
   * throws ScriptoriumError `bad_request` / `not_found` naming the problem, so a refused start leaves no session.
   */
  checkStart?(input: Input, deps: S): Promise<void>;
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
  /** One line for the `done` event, from the final values (a `StepLine` when the UI can translate it). */
  doneSummary(values: Record<string, unknown>): string | StepLine;
  /** Present when the workflow produces a document: how `documents.restore` / `documents.edit` adopt a version. */
  document?: DocumentHooks;
  /** Present when the workflow's documents can be exported: the one place `documents.export` learns what a session's document is. */
  export?: ExportHooks<S>;
  /** Handlers of the contract's `methods` (input already parsed by the method's schema). */
  methods?(deps: S, context: MethodContext): MethodHandlers<C>;
  /** The workflow's command group in `npm run cli -- <id> …` (talks to the engine through the contract only). */
  cli?: WorkflowCli;
  /**
   * The workflow's own tables in `app.db`, in the namespace of its id (every table, index and
   * trigger named `<id>_…`): run in order at engine start, each once, after the core tables.
   */
  migrations?: readonly MigrationStep[];
  /**
   * Every schema the workflow hands to `generateStructured`, by the identifier at its call site:
   * the tests check each call site is listed and build each grammar on the real model.
   */
  structuredSchemas?: Readonly<Record<string, z.ZodType>>;
  /** Tools the MCP adapter serves for this workflow (through the contract only). */
  mcpTools?: readonly McpToolSpec[];
  /**
   * Sources of this workflow's own that every workflow's research search reads too (the paper
   * library's papers): core adds them to the platform's `search` once the services are built.
   */
  researchSources?(services: S): SearchProvider[];
}

/** One MCP tool: its schemas and what it does through the contract; the adapter wraps the answer as JSON. */
export interface McpToolSpec {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodType;
  outputSchema?: z.ZodType;
  run(api: ScriptoriumApi, args: any, request: McpRequest): Promise<Record<string, unknown>>;
}

/** The MCP request a tool runs for: cancelled with `signal`; `progress` notifies the client when it asked for progress. */
export interface McpRequest {
  signal: AbortSignal;
  progress(progress: number, message: string): Promise<void>;
  /** The only folder a tool may write files into (`--output-dir` of the MCP server); null: tools write no files. */
  outputDir: string | null;
}

/**
 * A workflow's CLI commands: the group runs under the workflow's id, `flags` join the parser's
 * table (only this group may be given them) and `usage` lines join the CLI's help.
 */
export type WorkflowCli = CliCommand<any>;

/** The handlers of a contract's methods, by short name (`import` serves `paper.import`). */
export type MethodHandlers<C extends WorkflowContract<any, any, any, any, any, any>> = {
  [N in keyof NonNullable<C["methods"]> & string]: (
    input: z.output<NonNullable<C["methods"]>[N]["input"]>,
  ) => Promise<z.input<NonNullable<C["methods"]>[N]["output"]>>;
};

/** What a method handler may use besides its workflow's services. */
export interface MethodContext {
  /** Sessions of this engine (e.g. docgen's regenerate a finished section). */
  sessions: {
    state(sessionId: string): Promise<SessionState>;
    /** Write `update` into the session's checkpoint and run it from `node`. */
    redirect(sessionId: string, update: Record<string, unknown>, node: string): Promise<void>;
  };
  /** Long jobs started by a request (`jobs.cancel {taskId}` stops them). */
  jobs: JobRegistry;
  /** Publishes an event on the system stream (`progress` of a request's job). */
  emitSystem(draft: EventDraft): void;
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

/**
 * `documents.export`: the workflow turns a session (its state, the chosen version) into the
 * neutral ExportDocument, citations resolved to notes and a reference list; the core renderer does the rest.
 */
export interface ExportHooks<S = PlatformServices> {
  /** The document lives in the session's state, not in stored versions (the paper reader's answer). */
  versionless?: boolean;
  document(source: ExportSource, services: S): ExportDocument | Promise<ExportDocument>;
  /** The replacements that explain the changes between versions: the comments of a tracked export. */
  replacements?(events: ReadonlyArray<{ type: string }>): Replacement[];
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
  getState(
    config: Record<string, unknown>,
  ): Promise<{ values: Record<string, unknown>; next: string[]; tasks: Array<{ interrupts: Array<{ value?: unknown }> }> }>;
}

/**
 * What the platform gives every workflow; a workflow builds its own services from these in
 * `services(platform)`. No field belongs to one workflow. No module-level singletons.
 */
export interface PlatformServices {
  llm: LlmClient;
  /** The knowledge layer's embedder, loaded on first call (one model shared by every index); null without a knowledge port. */
  embedder: (() => Promise<Embedder>) | null;
  /** Fan-out search over the enabled providers (library + intranet), merged and ranked. */
  search: ResearchSearch;
  versions: VersionStore;
  settings: () => Settings;
  /** `<dataDir>/cache/<sessionId>/`, created on demand; write with atomic writes only. */
  cacheDir(sessionId: string): string;
  /** The data directory's root (a workflow keeps its own files under it, e.g. docgen's guides). */
  dataDir: string;
  /** Where GGUF models live (`<dataDir>/models`). */
  modelsDir: string;
  /** `--model` given on the command line, if any. */
  modelPath: string | null;
  /** The `app.db` handle: a workflow keeps its own tables there (its definition's `migrations`). */
  db: Database.Database;
  /**
   * Hosts of the endpoints the user configured (enabled intranet search providers, the model mirror):
   * besides loopback, the only hosts a workflow may fetch a user's link from (offline rule).
   */
  intranetHosts: () => Promise<string[]>;
}

/** The registry the runner reads: workflow id → definition (tests may register their own ids). */
export type WorkflowRegistry = Readonly<Record<string, WorkflowDefinition<any, any, any>>>;

/** The start input type of a contract. */
export type StartInputOf<C extends WorkflowContract> = z.output<C["start"]>;

/** Request methods typed by full name, for code that calls a workflow's own methods. */
export type { MethodInput, MethodOutput, MethodTable };
