import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ScriptoriumError, toApiError } from "../../../shared/errors.js";
import { SYSTEM_STREAM } from "../../../shared/events.js";
import type { Collection } from "../../../shared/knowledge.js";
import type { Settings } from "../../../shared/models.js";
import type { KnowledgeContext } from "./KnowledgeContext.js";
import type { KnowledgePort } from "./KnowledgePort.js";
import type { Embedder } from "../llm/LlmClient.js";
import { resolveThreads } from "../llm/physicalCoreCount.js";
import { EmbeddingService } from "./EmbeddingService.js";
import type { IngestProgress } from "./Ingestor.js";
import { KnowledgeService } from "./KnowledgeService.js";
import { LibraryProvider } from "./LibraryProvider.js";
import type { SearchProvider } from "../search/SearchProvider.js";

export interface KnowledgePortOptions {
  /**
   * Builds the embedder; default: an EmbeddingService on the `embeddingModel` setting (relative
   * names resolve against `<dataDir>/models`), falling back to the chat model. Tests inject one.
   */
  loadEmbedder?: (context: KnowledgeContext) => Promise<Embedder & { dispose?(): Promise<void> }>;
  /** Chunks per embedding batch; default 32. */
  batchSize?: number;
}

/** The knowledge port plus what the integrator may want: the library provider and the service. */
export interface KnowledgePortHandle extends KnowledgePort {
  /** The current service (re-created when the embedding model setting changes). */
  service(): KnowledgeService;
  /** Resolves when every background ingest/reindex task started so far has finished. */
  idle(): Promise<void>;
  /** The `library` collection as a research search provider, always on the current service. */
  libraryProvider(): SearchProvider;
  /** Cancels a running ingest/reindex task; false when it is unknown or already finished. */
  cancel(taskId: string): boolean;
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
  const load = options.loadEmbedder ?? defaultLoader;

  const service = (): KnowledgeService => {
    const key = embedderKey(context);
    if (current?.key === key) return current.service;
    const previous = current;
    const entry: NonNullable<typeof current> = {
      key,
      service: new KnowledgeService({
        dataDir: context.dataDir.root,
        db: context.db,
        onRepair: (repair) => context.reportRepair(repair),
        embedder: async () => (entry.embedder = await load(context)),
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
    work: (onProgress: (p: IngestProgress) => void, signal: AbortSignal) => Promise<string>,
  ): { taskId: string } => {
    const taskId = `${kind}-${randomUUID()}`;
    const controller = new AbortController();
    controllers.set(taskId, controller);
    const emit = (done: number, total: number | null, message?: string) =>
      context.emit(SYSTEM_STREAM, { type: "progress", task: taskId, done, total, ...(message ? { message } : {}) });
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
      .then((summary) => emit(1, 1, summary))
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

  return {
    service,
    async ingest(input) {
      // A path that is not there is the caller's mistake, said at once (not a job that ends "failed 1").
      const missing = input.paths.filter((p) => !fs.existsSync(p));
      if (missing.length) throw new ScriptoriumError("bad_request", `No such file or folder: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ` (+${missing.length - 5} more)` : ""}.`, { missing });
      const knowledge = service();
      return runTask("ingest", async (onProgress, signal) => {
        const report = await knowledge.ingest(input, { onProgress, signal });
        const failed = report.failed.map((f) => `${path.basename(f.path)} (${f.error})`).join("; ");
        return `ingested ${report.ingested.length}, unchanged ${report.unchanged.length}, failed ${report.failed.length}, chunks ${report.chunks}${failed ? `: ${failed}` : ""}`;
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
      await this.idle();
      if (current) await closeEntry(current);
      current = undefined;
    },
  };
}

/** What identifies the embedder: a change of setting re-creates the service (and its index tables). */
function embedderKey(context: KnowledgeContext): string {
  const settings = context.settings();
  return JSON.stringify(modelPaths(context, settings));
}

function modelPaths(context: KnowledgeContext, settings: Settings): { modelPath: string | null; chatModelPath: string | null } {
  const resolve = (name: string | null) => (name ? path.resolve(context.dataDir.models, name) : null);
  return { modelPath: resolve(settings.embeddingModel), chatModelPath: context.modelPath ?? resolve(settings.chatModel) };
}

async function defaultLoader(context: KnowledgeContext): Promise<EmbeddingService> {
  const settings = context.settings();
  return EmbeddingService.load({ ...modelPaths(context, settings), db: context.db, threads: resolveThreads(settings.threads) });
}

async function closeEntry(entry: { service: KnowledgeService; embedder?: { dispose?(): Promise<void> } }): Promise<void> {
  await entry.service.close();
  await entry.embedder?.dispose?.();
}
