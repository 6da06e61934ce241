import type { z } from "zod";
import { diffLines } from "diff";
import { API, isMethodName } from "../../shared/api.js";
import type { LoadedModelSchema, MethodInput, MethodName, MethodOutput, MethodParsedInput, ScriptoriumApi } from "../../shared/api.js";
import { SYSTEM_STREAM } from "../../shared/events.js";
import type { EngineEvent, EventDraft } from "../../shared/events.js";
import { ScriptoriumError, formatZodError } from "../../shared/errors.js";
import type { DraftVersion } from "../../shared/documents.js";
import { runStartSchemaOf } from "../../shared/workflows/contract.js";
import type { DataDirLayout } from "./dataDir.js";
import type { ApiKeysPort, ExportPort, KnowledgePort, ModelsPort, ProvidersPort } from "./EngineServices.js";
import type { WorkflowRunner } from "./runtime/WorkflowRunner.js";
import type { SelectionRewriter } from "./documents/SelectionRewriter.js";
import type { AppDb } from "./storage/AppDb.js";
import type { SessionStore } from "./storage/SessionStore.js";
import { paperHandlers, type PaperService } from "./workflows/paper/library/PaperService.js";
import { docgenHandlers } from "./workflows/docgen/docgenHandlers.js";
import type { SettingsStore } from "./storage/SettingsStore.js";
import { paperBibHandlers } from "./workflows/paper/library/paperBibHandlers.js";
import { applyChoices, trackedChangeList } from "./export/trackedChangeList.js";
import { keptReplacements, trackedExport } from "./export/trackedExport.js";
import type { SqliteVersionStore } from "./storage/VersionStore.js";
import type { StartupRepair } from "./storage/quarantine.js";
import { JobRegistry } from "./jobs/JobRegistry.js";

type Handlers = { [M in MethodName]: (input: MethodParsedInput<M>) => Promise<MethodOutput<M>> };

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
  /** The paper library (`paper.*`); the paper workflow reads the same one. */
  papers?: PaperService | undefined;
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
  private readonly handlers: Handlers;
  /** `run.start`'s schema for the workflows this engine's runner serves (a test may register its own). */
  private readonly runStartSchema: z.ZodType;
  private disposing: Promise<void> | null = null;
  /** Long jobs a request method runs (paper import), for `jobs.cancel`. */
  private readonly jobs = new JobRegistry();

  constructor(parts: EngineParts) {
    this.parts = parts;
    this.handlers = this.buildHandlers();
    this.runStartSchema = runStartSchemaOf(Object.values(parts.runner.registry).map((definition) => definition.contract));
  }

  /** The one place a request payload is parsed: adapters (IPC, HTTP, CLI) only transport it. */
  async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
    if (!isMethodName(method)) throw new ScriptoriumError("not_found", `Unknown method ${JSON.stringify(method)}.`);
    if (this.disposing) throw new ScriptoriumError("unavailable", "The engine is shutting down.");
    const schema = method === "run.start" ? this.runStartSchema : (API[method].input as z.ZodType);
    const parsed = schema.safeParse(input ?? {});
    if (!parsed.success) throw new ScriptoriumError("bad_request", formatZodError(parsed.error), { issues: parsed.error.issues });
    const handler = this.handlers[method] as (input: unknown) => Promise<MethodOutput<M>>;
    return handler(parsed.data);
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
      this.jobs.cancelAll();
      await this.parts.runner.dispose();
      await this.parts.close();
    })();
    return this.disposing;
  }

  private buildHandlers(): Handlers {
    const p = this.parts;
    const requireSession = (sessionId: string) => {
      const session = p.sessions.get(sessionId);
      if (!session) throw new ScriptoriumError("not_found", `Unknown session ${sessionId}.`, { sessionId });
      return session;
    };
    const requireVersion = (sessionId: string, number: number | undefined) => {
      requireSession(sessionId);
      const found = number === undefined ? p.versions.latest(sessionId) : p.versions.get(sessionId, number);
      if (!found) throw new ScriptoriumError("not_found", number === undefined ? `Session ${sessionId} has no draft yet.` : `Session ${sessionId} has no version ${number}.`, { sessionId, number });
      return found;
    };
    const port = <T>(service: T | undefined, feature: string): T => {
      if (!service) throw new ScriptoriumError("unavailable", `${feature} is not configured.`);
      return service;
    };
    /**
     * Store `markdown` as a new version and make it the workflow's current draft: the checkpoint is
     * updated and the graph goes to the workflow's draft pause, so the next action works on it.
     * A workflow without document hooks only gets the version. A running session is refused first.
     */
    const adoptDraft = async (sessionId: string, markdown: string, reason: DraftVersion["reason"]): Promise<DraftVersion> => {
      const session = requireSession(sessionId);
      const hooks = p.runner.definitionOf(sessionId).document;
      if (hooks && (session.status === "running" || p.runner.isActive(sessionId))) {
        throw new ScriptoriumError("conflict", `Session ${sessionId} is running; wait for a pause to change its draft.`, { status: session.status });
      }
      const version = p.versions.add(sessionId, { markdown, reason });
      if (hooks) {
        const values = await p.runner.values(sessionId);
        const update = hooks.adopt(values, { markdown, version });
        const title = typeof update.draft_title === "string" ? update.draft_title : session.title;
        const revisionCount = typeof values.revision_count === "number" ? values.revision_count : 0;
        p.runner.note(sessionId, { type: "draft_ready", version, markdown, title, revision_count: revisionCount });
        await p.runner.redirect(sessionId, update, hooks.pauseNode);
      }
      return version;
    };
    /**
     * The brief's `model_name`: an installed model (file name, with or without `.gguf`) becomes the
     * chat model before the session starts; anything else is a bad request naming the installed ones.
     * One model is loaded at a time, so it stays the app's chat model until another is chosen.
     */
    const useModel = async (name: string): Promise<void> => {
      const models = port(p.models, "Model management");
      const { installed } = await models.list();
      const bare = (id: string) => id.replace(/^.*[\\/]/, "").replace(/\.gguf$/i, "").toLowerCase();
      const usable = installed.filter((m) => !m.error);
      const found = usable.find((m) => m.id === name || bare(m.id) === bare(name));
      if (!found) {
        const names = usable.map((m) => m.id);
        throw new ScriptoriumError("bad_request", `model_name "${name}" is not installed; installed: ${names.length ? names.join(", ") : "(none)"}`, { installed: names });
      }
      if (p.settings.get().chatModel !== found.id) await this.handlers["models.select"]({ chatModel: found.id });
    };
    const documents = {
      versions: async ({ sessionId }: { sessionId: string }) => {
        requireSession(sessionId);
        return { versions: p.versions.list(sessionId) };
      },
      version: async ({ sessionId, number }: { sessionId: string; number: number }) => requireVersion(sessionId, number),
      export: async ({ sessionId, format, number, tracked, referenceStyle }: MethodParsedInput<"documents.export">) => {
        // issue 30: tracked-changes DOCX of two versions, comments from the session's kept replacements.
        if (tracked) {
          const title = requireSession(sessionId).title;
          const [from, to] = [requireVersion(sessionId, tracked.from), requireVersion(sessionId, tracked.to)];
          const replacements = keptReplacements(p.runner.events(sessionId, 0));
          return trackedExport({ format, title, from: { number: from.version.number, markdown: from.markdown }, to: { number: to.version.number, markdown: to.markdown }, replacements });
        }
        const exporter = port(p.exporter, "Export");
        const { version, markdown } = requireVersion(sessionId, number);
        return exporter.export({ sessionId, format, title: requireSession(sessionId).title, version, markdown, ...(referenceStyle ? { referenceStyle } : {}) });
      },
    };
    return {
      health: async () => ({
        ok: true,
        version: p.appVersion,
        sqliteVersion: p.appDb.sqliteVersion,
        model: p.models?.loaded?.() ?? p.loadedModel?.() ?? null,
        uptimeS: Math.round((Date.now() - this.startedAt) / 1000),
        ...(p.repairs?.length ? { repairs: p.repairs } : {}),
      }),

      "sessions.list": async ({ workflow, query }) => ({ sessions: p.sessions.list(workflow, query) }),
      "sessions.rename": async ({ sessionId, title }) => {
        const session = p.sessions.rename(sessionId, title);
        if (!session) throw new ScriptoriumError("not_found", `Unknown session ${sessionId}.`, { sessionId });
        return { session };
      },
      "sessions.delete": async ({ sessionId }) => {
        await p.runner.delete(sessionId);
        return { ok: true };
      },

      "run.start": async ({ workflow, input }) => {
        const modelName = (input as { model_name?: unknown }).model_name;
        if (typeof modelName === "string") await useModel(modelName);
        return p.runner.start(workflow, input);
      },
      "run.resume": async ({ sessionId, payload }) => p.runner.resume(sessionId, payload),
      "run.state": async ({ sessionId }) => p.runner.state(sessionId),
      "run.retry": async ({ sessionId }) => p.runner.retry(sessionId),
      "run.cancel": async ({ sessionId }) => {
        await p.runner.cancel(sessionId);
        return { ok: true };
      },
      "events.list": async ({ sessionId, afterSeq }) => ({ events: p.runner.events(sessionId, afterSeq) }),

      "documents.versions": documents.versions,
      "documents.version": documents.version,
      "documents.diff": async ({ sessionId, from, to }) => {
        const a = requireVersion(sessionId, from);
        const b = requireVersion(sessionId, to);
        const hunks = diffLines(a.markdown, b.markdown).map((part) => ({ kind: part.added ? ("added" as const) : part.removed ? ("removed" as const) : ("same" as const), text: part.value }));
        return { from: a.version, to: b.version, hunks };
      },
      "documents.restore": async ({ sessionId, number }) => ({ version: await adoptDraft(sessionId, requireVersion(sessionId, number).markdown, "restore") }),
      "documents.edit": async ({ sessionId, markdown }) => ({ version: await adoptDraft(sessionId, markdown, "manual_edit") }),
      "documents.export": documents.export,
      // issue 30: the review's changes one by one, and the user's choice kept as a new version.
      "documents.trackedChanges": async ({ sessionId, from, to }) => {
        const list = trackedChangeList(requireVersion(sessionId, from).markdown, requireVersion(sessionId, to).markdown, keptReplacements(p.runner.events(sessionId, 0)));
        return { changes: list.changes.map((c) => ({ index: c.index, deleted: c.deleted, inserted: c.inserted, rule: c.replacement?.group ?? null, reason: c.replacement?.reason ?? null })) };
      },
      "documents.applyTrackedChanges": async ({ sessionId, from, to, accepted }) => {
        const list = trackedChangeList(requireVersion(sessionId, from).markdown, requireVersion(sessionId, to).markdown);
        const unknown = accepted.filter((i) => i >= list.changes.length);
        if (unknown.length) throw new ScriptoriumError("bad_request", `No change ${unknown.join(", ")} between versions ${from} and ${to} (there are ${list.changes.length}).`, { unknown });
        return { version: await adoptDraft(sessionId, applyChoices(list, new Set(accepted)), "manual_edit") };
      },
      "documents.rewriteSelection": async (request) => {
        requireSession(request.sessionId);
        return port(p.rewriter, "Selection rewriting").rewrite(request);
      },
      "documents.cancelRewrite": async ({ rewriteId }) => {
        port(p.rewriter, "Selection rewriting").cancel(rewriteId);
        return { ok: true as const };
      },

      "models.list": async () => port(p.models, "Model management").list(),
      "models.import": async (input) => port(p.models, "Model management").import(input),
      "models.download": async (input) => port(p.models, "Model management").download(input),
      "models.cancelDownload": async (input) => port(p.models, "Model management").cancelDownload(input),
      "models.pauseDownload": async (input) => port(p.models, "Model management").pauseDownload(input),
      "models.resumeDownload": async (input) => port(p.models, "Model management").resumeDownload(input),
      "models.select": async (input) => {
        if (p.models?.select) return p.models.select(input);
        const patch: Record<string, unknown> = {};
        if (input.chatModel !== undefined) patch.chatModel = input.chatModel;
        if (input.embeddingModel !== undefined) patch.embeddingModel = input.embeddingModel;
        return { settings: p.settings.update(patch) };
      },

      "settings.get": async () => p.settings.get(),
      "settings.update": async (patch) => p.settings.update(patch),
      "settings.setApiKey": async ({ backend, apiKey }) => {
        // The key goes to the secret store first: `hasKey` must never claim a key that was not saved.
        await port(p.apiKeys, "API key storage").setApiKey(backend, apiKey);
        const current = p.settings.get();
        // The whole settings, not `{openai}` alone: SettingsPatchSchema's `.partial()` keeps the
        // fields' defaults (zod 4), so a one-key patch would reset every other setting.
        return { settings: p.settings.update({ ...current, openai: { ...current.openai, hasKey: apiKey !== null } }) };
      },

      "knowledge.ingest": async (input) => port(p.knowledge, "The knowledge base").ingest(input),
      "knowledge.search": async (input) => port(p.knowledge, "The knowledge base").search(input),
      "knowledge.sources": async (input) => port(p.knowledge, "The knowledge base").sources(input),
      "knowledge.deleteSource": async (input) => port(p.knowledge, "The knowledge base").deleteSource(input),
      "knowledge.reindex": async (input) => port(p.knowledge, "The knowledge base").reindex(input),

      "providers.list": async () => port(p.providers, "Search providers").list(),
      "providers.save": async (input) => port(p.providers, "Search providers").save(input),
      "providers.delete": async (input) => port(p.providers, "Search providers").delete(input),
      "providers.test": async (input) => port(p.providers, "Search providers").test(input),
      "providers.health": async () => (p.providers?.health ? p.providers.health() : { providers: [] }),

      ...paperHandlers(() => port(p.papers, "The paper library")),
      // issue 30: BibTeX / RIS / Zotero import, BibTeX export, metadata corrections.
      ...paperBibHandlers(() => port(p.papers, "The paper library"), () => p.appDb.db),
      // With a taskId the import is a job: `progress` per file on the system stream, stopped by `jobs.cancel`.
      "paper.import": async (input) => {
        const papers = port(p.papers, "The paper library");
        const taskId = input.taskId;
        if (!taskId) return papers.import(input);
        const progress = (done: number, message: string) => p.emitSystem?.({ type: "progress", task: taskId, done, total: input.paths.length, message });
        progress(0, input.paths[0]?.split(/[\\/]/).pop() ?? "");
        try {
          return await this.jobs.run(taskId, (signal) => papers.import(input, signal, (done, _total, name) => progress(done, name)));
        } catch (error) {
          // The bar must end: a failed or cancelled import reports its last state as finished.
          p.emitSystem?.({ type: "progress", task: taskId, done: input.paths.length, total: input.paths.length, message: error instanceof ScriptoriumError && error.code === "aborted" ? "cancelled" : "failed" });
          throw error;
        }
      },
      "jobs.cancel": async ({ taskId }) => {
        // Each owner knows its own jobs; the first that holds the id stops it.
        if (this.jobs.cancel(taskId)) return { cancelled: true };
        if (p.cancelModelLoad?.(taskId)) return { cancelled: true };
        const knowledge = p.knowledge as { cancel?(id: string): boolean | Promise<boolean> } | undefined;
        if (await knowledge?.cancel?.(taskId)) return { cancelled: true };
        if (p.models) {
          try {
            await p.models.cancelDownload({ downloadId: taskId });
            return { cancelled: true };
          } catch (error) {
            if (!(error instanceof ScriptoriumError && error.code === "not_found")) throw error;
          }
        }
        return { cancelled: false };
      },
      ...docgenHandlers(p.dataDir.root, p.runner, p.versions),
    };
  }
}
