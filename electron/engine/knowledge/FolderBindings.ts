import path from "node:path";
import type Database from "better-sqlite3";
import type { Collection, FolderBinding, ImportReport } from "../../../shared/knowledge.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import { FolderBindingRepository } from "./FolderBindingRepository.js";
import { FolderSync, realRoot, type FolderSyncReport } from "./FolderSync.js";
import { FolderWatcher } from "./FolderWatcher.js";
import type { IngestProgress } from "./Ingestor.js";
import type { KnowledgeService } from "./KnowledgeService.js";
import { SourceRepository } from "./SourceRepository.js";

/** Runs a background job whose progress lands in the job tray; returns its task id. */
/** What a task ends with: its English summary, and for an import the per-file report. */
export type TaskOutcome = string | { summary: string; report?: ImportReport };

export type RunTask = (
  kind: string,
  work: (onProgress: (p: IngestProgress) => void, signal: AbortSignal) => Promise<TaskOutcome>,
) => { taskId: string };

export interface FolderBindingsOptions {
  db: Database.Database;
  /** The current knowledge service (re-created when the embedding model changes). */
  knowledge: () => KnowledgeService;
  runTask: RunTask;
  /** Quiet time before a batch of watcher events is synced; default 500 ms. */
  debounceMs?: number;
}

/**
 * The folder-bound collections: bind (initial import, then a watcher), pause, resume, unbind, and
 * `startAll` — the reconcile pass after a restart. Work on one folder is serialised, so a watcher
 * batch never races the import it follows.
 */
export class FolderBindings {
  private readonly repo: FolderBindingRepository;
  private readonly sync: FolderSync;
  private readonly watchers = new Map<string, FolderWatcher>();
  private readonly chains = new Map<string, Promise<unknown>>();
  private closed = false;

  constructor(private readonly options: FolderBindingsOptions) {
    this.repo = new FolderBindingRepository(options.db);
    this.sync = new FolderSync(this.repo, new SourceRepository(options.db), options.knowledge);
  }

  list(): FolderBinding[] {
    return this.repo.list();
  }

  /** Binds a folder (its real path) to a collection and starts the initial import. */
  async bind(input: { path: string; collection: Collection }): Promise<{ binding: FolderBinding; taskId: string }> {
    const root = await realRoot(path.resolve(input.path));
    const existing = this.repo.find(root, input.collection);
    if (existing) throw new ScriptoriumError("conflict", `${root} is already bound to the ${input.collection} collection.`, { bindingId: existing.id });
    const binding = this.repo.create(root, input.collection);
    return { binding, taskId: this.start(binding.id) };
  }

  /** Stops watching; with `removeSources` its files also leave the index and app.db. */
  async unbind(id: string, removeSources: boolean): Promise<{ taskId: string | null }> {
    const binding = this.must(id);
    await this.stopWatching(id);
    if (!removeSources) {
      this.repo.delete(id);
      return { taskId: null };
    }
    const { taskId } = this.options.runTask("folder-unbind", () =>
      this.serial(id, async () => {
        const removed = await this.sync.removeAll(binding);
        this.repo.delete(id);
        return `unbound ${binding.path}: removed ${removed} files from the ${binding.collection} collection`;
      }),
    );
    return { taskId };
  }

  async pause(id: string): Promise<FolderBinding> {
    this.must(id);
    this.repo.setPaused(id, true);
    await this.stopWatching(id);
    return this.must(id);
  }

  /** Resumes a paused folder: a reconcile pass for what changed meanwhile, then the watcher. */
  resume(id: string): { binding: FolderBinding; taskId: string } {
    this.must(id);
    this.repo.setPaused(id, false);
    return { binding: this.must(id), taskId: this.start(id) };
  }

  /** On start: reconcile every bound folder that is not paused, then watch it. */
  startAll(): string[] {
    return this.repo
      .list()
      .filter((binding) => !binding.paused)
      .map((binding) => this.start(binding.id));
  }

  /** Resolves when every queued sync has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.allSettled([...this.chains.values()]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const id of [...this.watchers.keys()]) await this.stopWatching(id);
    await this.idle();
  }

  private start(id: string): string {
    const { taskId } = this.options.runTask("folder", (onProgress, signal) =>
      this.serial(id, async () => {
        const binding = this.must(id);
        const report = await this.sync.reconcile(binding, { onProgress, signal });
        if (!this.closed && !this.repo.get(id)?.paused && !this.watchers.has(id)) {
          const watcher = await FolderWatcher.start(
            binding.path,
            (paths) => this.onChanges(id, paths),
            this.options.debounceMs ?? 500,
          );
          // Paused, unbound or closed while chokidar was scanning: do not leave it running.
          if (this.closed || !this.repo.get(id) || this.repo.get(id)?.paused) await watcher.close();
          else this.watchers.set(id, watcher);
        }
        return summary(binding, report);
      }),
    );
    return taskId;
  }

  private onChanges(id: string, paths: string[]): void {
    if (this.closed || !this.watchers.has(id)) return;
    this.options.runTask("folder-sync", (onProgress, signal) =>
      this.serial(id, async () => {
        const binding = this.repo.get(id);
        if (!binding || binding.paused) return "folder unbound or paused: changes ignored";
        return summary(binding, await this.sync.syncPaths(binding, paths, { onProgress, signal }));
      }),
    );
  }

  private async stopWatching(id: string): Promise<void> {
    const watcher = this.watchers.get(id);
    this.watchers.delete(id);
    await watcher?.close();
  }

  private serial<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.chains.set(id, next);
    void next
      .catch(() => undefined)
      .finally(() => {
        if (this.chains.get(id) === next) this.chains.delete(id);
      });
    return next;
  }

  private must(id: string): FolderBinding {
    const binding = this.repo.get(id);
    if (!binding) throw new ScriptoriumError("not_found", `Unknown folder binding: ${id}`);
    return binding;
  }
}

/**
 * The English line and the report: a folder sync counts what it indexed and left unchanged, and
 * lists by name only the files that failed (the others are `omitted`).
 */
function summary(binding: FolderBinding, report: FolderSyncReport): TaskOutcome {
  const failed = report.failed.map((f) => `${f.path} (${f.error})`).join("; ");
  const importReport: ImportReport = {
    imported: report.indexed,
    skipped: report.unchanged,
    failed: report.failed.length,
    files: report.failed.map((f) => ({ path: f.path, status: "failed" as const, reason: f.error, ...(f.code ? { code: f.code } : {}) })),
    ...(report.indexed + report.unchanged > 0 ? { omitted: report.indexed + report.unchanged } : {}),
  };
  return {
    summary: `${binding.path}: indexed ${report.indexed}, unchanged ${report.unchanged}, removed ${report.removed}, failed ${report.failed.length}${failed ? `: ${failed}` : ""}`,
    report: importReport,
  };
}
