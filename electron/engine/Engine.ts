import type { z } from "zod";
import { CORE_API } from "../../shared/api.js";
import { settingsSchemaOf } from "../../shared/settingsSchemaOf.js";
import type { LoadedModelSchema, MethodInput, MethodName, MethodOutput, ScriptoriumApi } from "../../shared/api.js";
import { SYSTEM_STREAM } from "../../shared/events.js";
import type { EngineEvent, EventDraft } from "../../shared/events.js";
import { ScriptoriumError, formatZodError } from "../../shared/errors.js";
import { qualifiedMethodsOf, runStartSchemaOf } from "../../shared/workflows/contract.js";
import type { WorkflowWire } from "../../shared/workflows/contract.js";
import type { DataDirLayout } from "./dataDir.js";
import type { ApiKeysPort, ExportPort, KnowledgePort, ModelsPort, ProvidersPort } from "./EngineServices.js";
import type { WorkflowRunner } from "./runtime/WorkflowRunner.js";
import type { SelectionRewriter } from "./documents/SelectionRewriter.js";
import type { AppDb } from "./storage/AppDb.js";
import type { SessionStore } from "./storage/SessionStore.js";
import type { SettingsStore } from "./storage/SettingsStore.js";
import type { SqliteVersionStore } from "./storage/VersionStore.js";
import type { StartupRepair } from "./storage/quarantine.js";
import type { JobRegistry } from "./jobs/JobRegistry.js";
import { backupHandlers } from "./handlers/backupHandlers.js";
import { documentHandlers } from "./handlers/documentHandlers.js";
import { jobsCancelHandler } from "./handlers/jobsCancelHandler.js";
import { modelHandlers } from "./handlers/modelHandlers.js";
import { runStartHandler } from "./handlers/runStartHandler.js";
import { serviceHandlers } from "./handlers/serviceHandlers.js";
import { sessionHandlers } from "./handlers/sessionHandlers.js";
import { workflowHandlers } from "./handlers/workflowHandlers.js";

type AnyHandler = (input: unknown) => Promise<unknown>;

/** Everything the facade dispatches to; built by `createEngine`. */
export interface EngineParts {
  dataDir: DataDirLayout;
  appDb: AppDb;
  settings: SettingsStore;
  sessions: SessionStore;
  versions: SqliteVersionStore;
  runner: WorkflowRunner;
  models?: ModelsPort | undefined;
  knowledge?: KnowledgePort | undefined;
  /** The editor's selection actions (`documents.rewriteSelection`); absent: those methods answer `unavailable`. */
  rewriter?: SelectionRewriter | undefined;
  /** A workflow's own services, built once by the composition root (its definition's `services`). */
  servicesOf: (workflowId: string) => unknown;
  /** Long jobs a request method runs (a paper import), for `jobs.cancel`. */
  jobs: JobRegistry;
  providers?: ProvidersPort | undefined;
  exporter?: ExportPort | undefined;
  /** Secret storage for `settings.setApiKey`; without it that method answers `unavailable`. */
  apiKeys?: ApiKeysPort | undefined;
  appVersion: string;
  /** Damaged data files this start set aside (`health.repairs`). */
  repairs?: StartupRepair[] | undefined;
  /** The model loaded now, for `health` when no models port reports it. */
  loadedModel?: (() => z.infer<typeof LoadedModelSchema> | null) | undefined;
  /** Closes what the parts own, after the runner stopped (event store, dbs, llm, ports). */
  close: () => Promise<void>;
  /** Publishes an event on the system stream (`progress` of the engine's own jobs); absent: they report none. */
  emitSystem?: ((draft: EventDraft) => void) | undefined;
  /** Cancels the model load reporting `progress` under `taskId`; false when none is. */
  cancelModelLoad?: ((taskId: string) => boolean) | undefined;
}

/**
 * The engine behind every adapter (IPC, HTTP, CLI): one `call` that parses the input with the
 * contract's schema and dispatches to a handler, and one `subscribe` for the event log.
 */
export class Engine implements ScriptoriumApi {
  readonly parts: EngineParts;
  private readonly startedAt = Date.now();
  /** Method name → handler: the core methods and every registered workflow's own. */
  private readonly handlers: Record<string, AnyHandler>;
  /** Method name → input schema, from the contracts of the workflows this engine's runner serves (a test may register its own). */
  private readonly inputs: Record<string, z.ZodType>;
  private disposing: Promise<void> | null = null;

  constructor(parts: EngineParts) {
    this.parts = parts;
    const contracts = Object.values(parts.runner.registry).map((definition) => definition.contract);
    const methods = { ...CORE_API, ...qualifiedMethodsOf(contracts) };
    this.inputs = Object.fromEntries(Object.entries(methods).map(([name, spec]) => [name, (spec as { input: z.ZodType }).input]));
    this.inputs["run.start"] = runStartSchemaOf(contracts);
    // Settings groups of the workflows this engine serves (a test's own included).
    this.inputs["settings.update"] = settingsSchemaOf(contracts).patch;
    this.handlers = this.buildHandlers();
  }

  /** Every method this engine serves (the IPC adapter registers one channel each). */
  methodNames(): string[] {
    return Object.keys(this.inputs);
  }

  /** The HTTP route segments of the workflows this engine serves (`/api/<route>/…`) and their wires, from their contracts. */
  workflowRoutes(): Array<{ workflow: string; route: string; wire: WorkflowWire | undefined }> {
    return Object.values(this.parts.runner.registry).map((d) => ({ workflow: d.id, route: d.contract.route, wire: d.contract.wire }));
  }

  /** The one place a request payload is parsed: adapters (IPC, HTTP, CLI) only transport it. */
  async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
    const schema = Object.prototype.hasOwnProperty.call(this.inputs, method) ? this.inputs[method] : undefined;
    if (!schema) throw new ScriptoriumError("not_found", `Unknown method ${JSON.stringify(method)}.`);
    if (this.disposing) throw new ScriptoriumError("unavailable", "The engine is shutting down.");
    const parsed = schema.safeParse(input ?? {});
    if (!parsed.success) throw new ScriptoriumError("bad_request", formatZodError(parsed.error), { issues: parsed.error.issues });
    return this.handlers[method]!(parsed.data) as Promise<MethodOutput<M>>;
  }

  subscribe(sessionId: string, afterSeq: number, listener: (event: EngineEvent) => void): () => void {
    if (sessionId !== SYSTEM_STREAM && !this.parts.sessions.get(sessionId)) {
      throw new ScriptoriumError("not_found", `Unknown session ${sessionId}.`, { sessionId });
    }
    return this.parts.runner.subscribe(sessionId, Math.max(0, Math.trunc(afterSeq) || 0), listener);
  }

  /** Stop runs (they continue on the next start), flush events, close databases and services. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      this.parts.jobs.cancelAll();
      await this.parts.runner.dispose();
      await this.parts.close();
    })();
    return this.disposing;
  }

  /** Dispatch table: each group of handlers lives in handlers/; workflow methods come from their definitions. */
  private buildHandlers(): Record<string, AnyHandler> {
    const p = this.parts;
    const models = modelHandlers(p);
    const handlers = {
      health: async () => ({
        ok: true as const,
        version: p.appVersion,
        sqliteVersion: p.appDb.sqliteVersion,
        model: p.models?.loaded?.() ?? p.loadedModel?.() ?? null,
        uptimeS: Math.round((Date.now() - this.startedAt) / 1000),
        ...(p.repairs?.length ? { repairs: p.repairs } : {}),
      }),
      ...sessionHandlers(p.sessions, p.runner),
      "run.start": runStartHandler(p.runner, p.settings, models),
      ...documentHandlers(p),
      ...models,
      ...serviceHandlers(p.knowledge, p.providers),
      "jobs.cancel": jobsCancelHandler(p),
      ...backupHandlers(p),
      ...workflowHandlers(p.runner.registry, p.servicesOf, {
        sessions: { state: (id) => p.runner.state(id), redirect: (id, update, node) => p.runner.redirect(id, update, node) },
        jobs: p.jobs,
        emitSystem: (draft) => p.emitSystem?.(draft),
      }),
    } satisfies Partial<Record<MethodName, unknown>>;
    return handlers as unknown as Record<string, AnyHandler>;
  }
}
