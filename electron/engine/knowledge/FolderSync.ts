import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FolderBinding, ImportReasonCode } from "../../../shared/knowledge.js";
import { importReasonCode } from "../io/importReasonCode.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { FolderBindingRepository } from "./FolderBindingRepository.js";
import { SKIPPED_DIRS, sourceId, type IngestProgress } from "./Ingestor.js";
import { documentKind } from "./ingest/loadDocument.js";
import type { KnowledgeService, TaskCallbacks } from "./KnowledgeService.js";
import type { SourceRepository } from "./SourceRepository.js";

/** What a sync pass did; the job tray shows it as the task's last message. */
export interface FolderSyncReport {
  indexed: number;
  unchanged: number;
  removed: number;
  failed: Array<{ path: string; error: string; code?: ImportReasonCode }>;
}

/**
 * Brings one bound folder's index in line with the disk. `reconcile` walks the whole folder (the
 * bind's initial import and the pass after a restart); `syncPaths` handles what the watcher saw.
 * Each file is marked `pending` in app.db before it is indexed, so a file cut off by a crash is
 * finished by the next reconcile; unchanged files are recognised by content hash and never
 * re-embedded. Symlinks are not followed; one that leads outside the folder is listed as refused.
 */
export class FolderSync {
  constructor(
    private readonly repo: FolderBindingRepository,
    private readonly sources: SourceRepository,
    private readonly knowledge: () => KnowledgeService,
  ) {}

  async reconcile(binding: FolderBinding, callbacks: TaskCallbacks = {}): Promise<FolderSyncReport> {
    const root = await realRoot(binding.path);
    const { files, refused } = await walk(root);
    const present = new Set(files.map((file) => path.relative(root, file)));
    for (const item of refused) present.add(item.relPath);
    // What app.db knows under this folder but the disk no longer has: deleted while we were away.
    const gone = new Set<string>();
    for (const row of this.repo.files(binding.id)) if (!present.has(row.relPath)) gone.add(row.relPath);
    for (const source of this.sources.list(binding.collection)) {
      const rel = path.relative(root, source.path);
      if (!rel.startsWith("..") && !path.isAbsolute(rel) && !present.has(rel)) gone.add(rel);
    }
    const report: FolderSyncReport = { indexed: 0, unchanged: 0, removed: 0, failed: [] };
    for (const rel of gone) await this.remove(binding, root, rel, report);
    for (const item of refused) this.fail(binding, root, item.relPath, item.error, report);
    callbacks.onProgress?.({ phase: "scan", done: 0, total: files.length, message: `${files.length} files in ${binding.path}` });
    for (const [index, file] of files.entries()) {
      if (callbacks.signal?.aborted) throw new ScriptoriumError("aborted", "Folder sync was cancelled.");
      await this.indexFile(binding, root, file, report, callbacks);
      callbacks.onProgress?.({ phase: "file", done: index + 1, total: files.length, path: file });
    }
    if (report.indexed + report.removed > 0) await this.knowledge().optimize(binding.collection);
    return report;
  }

  /** Re-checks the given absolute paths (changed, added or deleted files and folders). */
  async syncPaths(binding: FolderBinding, paths: string[], callbacks: TaskCallbacks = {}): Promise<FolderSyncReport> {
    const root = await realRoot(binding.path);
    const report: FolderSyncReport = { indexed: 0, unchanged: 0, removed: 0, failed: [] };
    const onProgress = (p: IngestProgress) => callbacks.onProgress?.(p);
    onProgress({ phase: "scan", done: 0, total: paths.length, message: `${paths.length} changes in ${binding.path}` });
    for (const [index, input] of [...new Set(paths)].sort().entries()) {
      const rel = path.relative(root, path.resolve(root, path.relative(binding.path, input)));
      if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel) || ignoredRel(rel)) continue;
      const absolute = path.join(root, rel);
      const stat = await fs.lstat(absolute).catch(() => undefined);
      if (!stat) {
        // Gone: a file, or a folder with everything known under it.
        for (const row of this.repo.files(binding.id)) {
          if (row.relPath === rel || row.relPath.startsWith(rel + path.sep)) await this.remove(binding, root, row.relPath, report);
        }
        await this.remove(binding, root, rel, report);
      } else if (stat.isSymbolicLink()) {
        const error = await symlinkProblem(root, absolute);
        if (error) this.fail(binding, root, rel, error, report);
      } else if (stat.isDirectory()) {
        const { files, refused } = await walk(absolute, root);
        for (const item of refused) this.fail(binding, root, item.relPath, item.error, report);
        for (const file of files) await this.indexFile(binding, root, file, report, callbacks);
      } else if (stat.isFile() && documentKind(absolute)) {
        await this.indexFile(binding, root, absolute, report, callbacks);
      }
      onProgress({ phase: "file", done: index + 1, total: paths.length, path: absolute });
    }
    if (report.indexed + report.removed > 0) await this.knowledge().optimize(binding.collection);
    return report;
  }

  /** Drops every source of the binding from the index and app.db (unbind with removal). */
  async removeAll(binding: FolderBinding): Promise<number> {
    let removed = 0;
    for (const row of this.repo.files(binding.id)) {
      await this.knowledge().removeSource(binding.collection, row.sourceId);
      removed++;
    }
    return removed;
  }

  private async indexFile(
    binding: FolderBinding,
    root: string,
    file: string,
    report: FolderSyncReport,
    callbacks: TaskCallbacks,
  ): Promise<void> {
    const relPath = path.relative(root, file);
    const id = sourceId(binding.collection, file);
    const previous = this.sources.get(id);
    this.repo.setFile(binding.id, { relPath, sourceId: id, state: "pending", contentHash: previous?.contentHash ?? null, error: null });
    try {
      // Hash here first: an unchanged folder is checked without loading the embedding model.
      const hash = createHash("sha256").update(await fs.readFile(file)).digest("hex");
      if (previous?.contentHash === hash) {
        report.unchanged++;
        this.repo.setFile(binding.id, { relPath, sourceId: id, state: "indexed", contentHash: hash, error: null });
        return;
      }
      const result = await this.knowledge().ingestFolderFile(file, root, binding.collection, callbacks);
      if (result === "unchanged") report.unchanged++;
      else report.indexed++;
      const source = result === "unchanged" ? previous : result;
      this.repo.setFile(binding.id, { relPath, sourceId: id, state: "indexed", contentHash: source?.contentHash ?? null, error: null });
    } catch (error) {
      if (callbacks.signal?.aborted || (error instanceof ScriptoriumError && error.code === "aborted")) throw error;
      // An unreadable file is listed with its reason; its old chunks (if any) are dropped, never stale.
      if (previous) await this.knowledge().removeSource(binding.collection, id);
      this.fail(binding, root, relPath, error instanceof Error ? error.message : String(error), report, importReasonCode(error).code);
    }
  }

  private async remove(binding: FolderBinding, root: string, relPath: string, report: FolderSyncReport): Promise<void> {
    const known = this.repo.files(binding.id).find((row) => row.relPath === relPath);
    const id = known?.sourceId ?? sourceId(binding.collection, path.join(root, relPath));
    if (known || this.sources.get(id)) {
      await this.knowledge().removeSource(binding.collection, id);
      report.removed++;
    }
    this.repo.deleteFile(binding.id, relPath);
  }

  private fail(binding: FolderBinding, root: string, relPath: string, message: string, report: FolderSyncReport, code?: ImportReasonCode): void {
    // A reader's message may start with the file's name ("a.pdf: not a readable PDF"); every list shows
    // the file beside its reason, so the name is not said twice.
    const name = path.basename(relPath);
    const error = message.startsWith(`${name}: `) ? message.slice(name.length + 2) : message;
    this.repo.setFile(binding.id, {
      relPath,
      sourceId: sourceId(binding.collection, path.join(root, relPath)),
      state: "failed",
      contentHash: null,
      error,
    });
    report.failed.push({ path: relPath, error, ...(code ? { code } : {}) });
  }
}

/** The folder's real path; a clear error when it is gone or not a folder. */
export async function realRoot(folder: string): Promise<string> {
  let resolved: string;
  try {
    resolved = await fs.realpath(folder);
  } catch {
    throw new ScriptoriumError("not_found", `The bound folder does not exist or cannot be read: ${folder}`, { path: folder });
  }
  if (!(await fs.stat(resolved)).isDirectory()) {
    throw new ScriptoriumError("bad_request", `Not a folder: ${folder}`, { path: folder });
  }
  return resolved;
}

/** Path parts the folder sync never looks at: hidden entries and build/dependency folders. */
export function ignoredRel(rel: string): boolean {
  return rel.split(path.sep).some((part) => part.startsWith(".") || SKIPPED_DIRS.has(part));
}

/** Why a symlink is refused, or null when it stays inside the folder (its target is indexed itself). */
async function symlinkProblem(root: string, link: string): Promise<string | null> {
  const target = await fs.realpath(link).catch(() => null);
  if (target === null) return "broken symlink: its target does not exist";
  const rel = path.relative(root, target);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return `symlink leads outside the bound folder (${target}): refused`;
  return null;
}

/** Supported files under `dir` (relative paths against `root`), and the symlinks refused on the way. */
async function walk(dir: string, root = dir): Promise<{ files: string[]; refused: Array<{ relPath: string; error: string }> }> {
  const files: string[] = [];
  const refused: Array<{ relPath: string; error: string }> = [];
  const visit = async (current: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(current, { withFileTypes: true });
    } catch (error) {
      refused.push({ relPath: path.relative(root, current), error: `cannot list folder: ${(error as Error).message}` });
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const full = path.join(current, entry.name);
      if (entry.isSymbolicLink()) {
        const error = await symlinkProblem(root, full);
        if (error) refused.push({ relPath: path.relative(root, full), error });
      } else if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) await visit(full);
      } else if (entry.isFile() && documentKind(full)) {
        files.push(full);
      }
    }
  };
  await visit(dir);
  return { files, refused };
}
