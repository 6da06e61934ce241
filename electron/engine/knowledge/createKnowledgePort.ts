import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ScriptoriumError, toApiError } from "../../../shared/errors.js";
import { SYSTEM_STREAM } from "../../../shared/events.js";
import type { Collection, ImportReport } from "../../../shared/knowledge.js";
import type { Settings } from "../../../shared/models.js";
import type { KnowledgeContext } from "./KnowledgeContext.js";
import type { KnowledgePort } from "./KnowledgePort.js";
import type { Embedder } from "../llm/LlmClient.js";
import { resolveThreads } from "../llm/physicalCoreCount.js";
import { EmbeddingService } from "./EmbeddingService.js";
import { ingestSummary, toImportReport, type IngestProgress } from "./Ingestor.js";
import type { TaskOutcome } from "./FolderBindings.js";
import { KnowledgeService } from "./KnowledgeService.js";
import { FolderBindings } from "./FolderBindings.js";
import { LibraryProvider } from "./LibraryProvider.js";
import type { SearchProvider } from "../search/SearchProvider.js";
import { COLLECTIONS } from "../../../shared/knowledge.js";
import { remoteLibraryKey, resolveRemoteLibrary, type LibraryOverride, type RemoteLibrary } from "./LibraryLocation.js";

export interface KnowledgePortOptions {
  /**
   * Builds the embedder; default: an EmbeddingService on the `embeddingModel` setting (relative
   * names resolve against `<dataDir>/models`), falling back to the chat model. Tests inject one.
   */
  loadEmbedder?: (context: KnowledgeContext) => Promise<Embedder & { dispose?(): Promise<void> }>;
  /** Chunks per embedding batch; default 32. */
  batchSize?: number;
  /** Quiet time before watched folder changes are synced; default 500 ms. */
  folderDebounceMs?: number;
  /** The OpenAI-compatible endpoint's key (the secret store), for `embeddingBackend: "openai"`. */
  openaiApiKey?: () => Promise<string | null | undefined>;
  /** Reads the secret store (the object-store keys of a team library). */
  secret?: (name: string) => Promise<string | null | undefined>;
  /** A team-library location for this process only (`--library s3://…` on the CLI), over the settings. */
  libraryOverride?: LibraryOverride;
}

/** The knowledge port plus what the integrator may want: the library provider and the service. */
/** The folder-binding methods, required here (the engine's KnowledgePort has them optional). */
type FolderMethods = Required<Pick<KnowledgePort, "bindFolder" | "unbindFolder" | "pauseFolder" | "resumeFolder" | "folders">>;

export interface KnowledgePortHandle extends Omit<KnowledgePort, keyof FolderMethods>, FolderMethods {
  /** The current service (re-created when the embedding model setting changes). */
  service(): KnowledgeService;
  /** Resolves when every background ingest/reindex task started so far has finished. */
  idle(): Promise<void>;
  /** The `library` collection as a research search provider, always on the current service. */
  libraryProvider(): SearchProvider;
  /** Cancels a running ingest/reindex task; false when it is unknown or already finished. */
  cancel(taskId: string): boolean;
  /** The reconcile pass on start: every bound folder not paused is checked, then watched. */
  startFolders(): string[];
  dispose(): Promise<void>;
}

/**
 * `createEngine({ knowledge: (ctx) => createKnowledgePort(ctx) })`: ingest and reindex run in the
 * background and report `progress` events (task = the returned taskId) on the system stream; the
 * last one says how it ended, and a failure also emits `error` with `details.task`.
 */
export function createKnowledgePort(context: KnowledgeContext, options: KnowledgePortOptions = {}): KnowledgePortHandle {
  let current: { key: string; service: KnowledgeService; embedder?: Embedder & { dispose?(): Promise<void> } } | undefined;
  const tasks = new Set<Promise<void>>();
  const controllers = new Map<string, AbortController>();
  const load = options.loadEmbedder ?? ((ctx: KnowledgeContext) => defaultLoader(ctx, options));

  const service = (): KnowledgeService => {
    const key = `${embedderKey(context)}|${remoteLibraryKey(context.settings(), options.libraryOverride)}`;
    if (current?.key === key) return current.service;
    const previous = current;
    const entry: NonNullable<typeof current> = {
      key,
      service: new KnowledgeService({
        dataDir: context.dataDir.root,
        db: context.db,
        onRepair: (repair) => context.reportRepair(repair),
        embedder: async () => (entry.embedder = await load(context)),
        remote: () => remoteLibraries(context, options),
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
      }),
    };
    current = entry;
    // Tasks still running on the old service finish first.
    if (previous) void Promise.allSettled([...tasks]).then(() => closeEntry(previous));
    return entry.service;
  };

  const runTask = (
    kind: string,
    work: (onProgress: (p: IngestProgress) => void, signal: AbortSignal) => Promise<TaskOutcome>,
  ): { taskId: string } => {
    const taskId = `${kind}-${randomUUID()}`;
    const controller = new AbortController();
    controllers.set(taskId, controller);
    const emit = (done: number, total: number | null, message?: string, report?: ImportReport) =>
      context.emit(SYSTEM_STREAM, { type: "progress", task: taskId, done, total, ...(message ? { message } : {}), ...(report ? { report } : {}) });
    let files = 0;
    const onProgress = (p: IngestProgress) => {
      if (p.phase === "batch" && p.path) emit(files, null, `${path.basename(p.path)}: ${p.done}/${p.total ?? "?"}`);
      else if (p.phase === "batch") emit(p.done, p.total, p.message);
      else {
        files = p.done;
        emit(p.done, p.total, p.path ? path.basename(p.path) : p.message);
      }
    };
    const task = work(onProgress, controller.signal)
      // The last event: the English summary (logs, CLI) and, for an import, the per-file report.
      .then((outcome) => (typeof outcome === "string" ? emit(1, 1, outcome) : emit(1, 1, outcome.summary, outcome.report)))
      .catch((error: unknown) => {
        const apiError = toApiError(error);
        emit(0, null, `failed: ${apiError.message}`);
        context.emit(SYSTEM_STREAM, { type: "error", error: { ...apiError, details: { task: taskId } } });
      })
      .finally(() => {
        tasks.delete(task);
        controllers.delete(taskId);
      });
    tasks.add(task);
    return { taskId };
  };

  const folders = new FolderBindings({
    db: context.db,
    knowledge: service,
    runTask,
    ...(options.folderDebounceMs !== undefined ? { debounceMs: options.folderDebounceMs } : {}),
  });

  return {
    service,
    async bindFolder(input) {
      return folders.bind(input);
    },
    async unbindFolder(input) {
      return folders.unbind(input.bindingId, input.removeSources);
    },
    async pauseFolder(input) {
      return { binding: await folders.pause(input.bindingId) };
    },
    async resumeFolder(input) {
      return folders.resume(input.bindingId);
    },
    async folders() {
      return { folders: folders.list() };
    },
    startFolders() {
      return folders.startAll();
    },
    async ingest(input) {
      // A path that is not there is the caller's mistake, said at once (not a job that ends "failed 1").
      const missing = input.paths.filter((p) => !fs.existsSync(p));
      if (missing.length) throw new ScriptoriumError("bad_request", `No such file or folder: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ` (+${missing.length - 5} more)` : ""}.`, { missing });
      const knowledge = service();
      return runTask("ingest", async (onProgress, signal) => {
        const report = await knowledge.ingest(input, { onProgress, signal });
        return { summary: ingestSummary(report), report: toImportReport(report) };
      });
    },
    async search(input) {
      return { materials: await service().search(input) };
    },
    async sources(input) {
      return { sources: service().sources(input.collection) };
    },
    async deleteSource(input) {
      await service().deleteSource(input.sourceId);
      return { ok: true };
    },
    async reindex(input) {
      const knowledge = service();
      return runTask("reindex", async (onProgress, signal) => {
        const chunks = await knowledge.reindex(input.collection as Collection | undefined, { onProgress, signal });
        return `re-indexed ${chunks} chunks`;
      });
    },
    libraryProvider() {
      return new LibraryProvider({
        searchChunks: (collection, query, searchOptions) => service().searchChunks(collection, query, searchOptions),
        countChunks: (collection) => service().countChunks(collection),
      });
    },
    cancel(taskId) {
      const controller = controllers.get(taskId);
      controller?.abort();
      return controller !== undefined;
    },
    async idle() {
      while (tasks.size > 0) await Promise.allSettled([...tasks]);
    },
    async dispose() {
      await folders.close();
      await this.idle();
      if (current) await closeEntry(current);
      current = undefined;
    },
  };
}

/** The collections this desk keeps on object storage, from the settings and the CLI's override. */
async function remoteLibraries(context: KnowledgeContext, options: KnowledgePortOptions): Promise<Partial<Record<Collection, RemoteLibrary>>> {
  const settings = context.settings();
  const remotes: Partial<Record<Collection, RemoteLibrary>> = {};
  for (const collection of COLLECTIONS) {
    const remote = await resolveRemoteLibrary(collection, settings, {
      override: options.libraryOverride,
      ...(options.secret ? { secret: options.secret } : {}),
    });
    if (remote) remotes[collection] = remote;
  }
  return remotes;
}

/** What identifies the embedder: a change of setting re-creates the service (and its index tables). */
function embedderKey(context: KnowledgeContext): string {
  const settings = context.settings();
  if (settings.embeddingBackend === "openai") {
    return JSON.stringify(["openai", settings.openai.baseUrl, settings.openaiEmbeddingModel, settings.openai.hasKey]);
  }
  return JSON.stringify(modelPaths(context, settings));
}

function modelPaths(context: KnowledgeContext, settings: Settings): { modelPath: string | null; chatModelPath: string | null } {
  const resolve = (name: string | null) => (name ? path.resolve(context.dataDir.models, name) : null);
  return { modelPath: resolve(settings.embeddingModel), chatModelPath: context.modelPath ?? resolve(settings.chatModel) };
}

async function defaultLoader(context: KnowledgeContext, options: KnowledgePortOptions): Promise<Embedder & { dispose?(): Promise<void> }> {
  const settings = context.settings();
  if (settings.embeddingBackend === "openai") {
    const { OpenAIEmbedder } = await import("./OpenAIEmbedder.js");
    const apiKey = options.openaiApiKey;
    return OpenAIEmbedder.connect({
      baseUrl: settings.openai.baseUrl,
      model: settings.openaiEmbeddingModel,
      db: context.db,
      ...(settings.openai.hasKey && apiKey ? { apiKey } : {}),
    });
  }
  return EmbeddingService.load({ ...modelPaths(context, settings), db: context.db, threads: resolveThreads(settings.threads) });
}

async function closeEntry(entry: { service: KnowledgeService; embedder?: { dispose?(): Promise<void> } }): Promise<void> {
  await entry.service.close();
  await entry.embedder?.dispose?.();
}
