import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { buildImportReport, type Collection, type ImportFile, type ImportReasonCode, type ImportReport, type Source } from "../../../shared/knowledge.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { Embedder } from "../llm/LlmClient.js";
import type { IndexedChunk } from "./IndexedChunk.js";
import { documentKind, loadDocument } from "./ingest/loadDocument.js";
import type { KnowledgeStore } from "./KnowledgeStore.js";
import type { SourceRepository, StoredChunk } from "./SourceRepository.js";
import { detectLang, type RawChunk } from "./ingest/RawChunk.js";
import { isNoSpaceError } from "../io/atomicWrite.js";
import { importReasonCode as reasonCode } from "../io/importReasonCode.js";

/** A chunk handed in by another service (no file behind it); missing fields default to null/empty. */
export interface ExternalChunk {
  text: string;
  headingPath?: string;
  page?: number | null;
  lineStart?: number | null;
  lineEnd?: number | null;
  lang?: string;
  meta?: Record<string, unknown>;
}

/** One progress step; the engine turns these into `progress` events. */
export interface IngestProgress {
  /** `file`: a file finished (or failed); `batch`: a batch of chunks embedded; `scan`: files found. */
  phase: "scan" | "file" | "batch";
  /** Files finished so far (phase file/scan) or chunks embedded in the current file (batch). */
  done: number;
  total: number | null;
  path?: string;
  message?: string;
}

export interface IngestOptions {
  collection: Collection;
  signal?: AbortSignal;
  onProgress?: (progress: IngestProgress) => void;
}

export interface IngestReport {
  /** Sources added or replaced. */
  ingested: Source[];
  /** Files whose content hash did not change: nothing was done. */
  unchanged: string[];
  /** Files that could not be read or parsed; the rest went on. `code` when the reason is known. */
  failed: Array<{ path: string; error: string; code?: ImportReasonCode }>;
  /** Files not imported for a known reason: an unsupported type, no text in them. */
  skipped: Array<{ path: string; error: string; code: ImportReasonCode }>;
  chunks: number;
}

/** The report as the contract's per-file ImportReport (what the UI and the CLI show). */
export function toImportReport(report: IngestReport): ImportReport {
  const files: ImportFile[] = [
    ...report.ingested.map((source): ImportFile => ({ path: source.path, status: "imported", chunks: source.chunkCount })),
    ...report.unchanged.map((file): ImportFile => ({ path: file, status: "skipped", code: "unchanged", reason: "content unchanged since the last import" })),
    ...report.skipped.map((f): ImportFile => ({ path: f.path, status: "skipped", code: f.code, reason: f.error })),
    ...report.failed.map((f): ImportFile => ({ path: f.path, status: "failed", reason: f.error, ...(f.code ? { code: f.code } : {}) })),
  ];
  return buildImportReport(files, report.chunks);
}

/** The one-line English summary (logs, the CLI's last progress line). */
export function ingestSummary(report: IngestReport): string {
  const failed = report.failed.map((f) => `${path.basename(f.path)} (${f.error})`).join("; ");
  return `ingested ${report.ingested.length}, unchanged ${report.unchanged.length}, failed ${report.failed.length}, skipped ${report.skipped.length}, chunks ${report.chunks}${failed ? `: ${failed}` : ""}`;
}

export interface IngestorOptions {
  sources: SourceRepository;
  store: KnowledgeStore;
  embedder: Embedder;
  /** Chunks per embedding call and progress step; default 32. */
  batchSize?: number;
}

/** Folders never descended into (the folder watcher ignores them too). */
export const SKIPPED_DIRS = new Set(["node_modules", "dist", "build", "out", "target", "__pycache__", "venv", ".venv"]);

/**
 * Files and folders → chunks in app.db (the source of truth) and in the LanceDB index.
 * The index is written first, then app.db in one transaction: a crash in between leaves the old
 * source record, so the next ingest of the file redoes it (and replaces the orphan rows).
 */
export class Ingestor {
  private readonly batchSize: number;

  constructor(private readonly options: IngestorOptions) {
    this.batchSize = options.batchSize ?? 32;
  }

  /** Ingests files and folders (recursively, supported kinds only); bad files are reported and skipped. */
  async ingest(paths: string[], options: IngestOptions): Promise<IngestReport> {
    const report: IngestReport = { ingested: [], unchanged: [], skipped: [], failed: [], chunks: 0 };
    const files: Array<{ file: string; root: string | undefined }> = [];
    const unsupported = (file: string) => report.skipped.push({ path: file, code: "unsupported_type", error: `unsupported file type${path.extname(file) ? ` (${path.extname(file)})` : ""}` });
    for (const input of paths) {
      const absolute = path.resolve(input);
      try {
        const stat = await fs.stat(absolute);
        if (stat.isDirectory()) for (const file of await listFiles(absolute, unsupported)) files.push({ file, root: absolute });
        else if (documentKind(absolute)) files.push({ file: absolute, root: undefined });
        else unsupported(absolute);
      } catch (error) {
        report.failed.push({ path: absolute, error: errorMessage(error), ...reasonCode(error) });
      }
    }
    options.onProgress?.({ phase: "scan", done: 0, total: files.length, message: `${files.length} files` });
    for (const [index, { file, root }] of files.entries()) {
      throwIfAborted(options.signal);
      try {
        const result = await this.ingestFile(file, root, options);
        if (result === "unchanged") report.unchanged.push(file);
        else if (result.chunkCount === 0) {
          // Saved (so older content is gone) but nothing in it to search: say so rather than "imported".
          report.skipped.push({ path: file, code: "empty", error: "no text found in the file" });
        } else {
          report.ingested.push(result);
          report.chunks += result.chunkCount;
        }
      } catch (error) {
        if (isAbort(error, options.signal)) throw error;
        report.failed.push({ path: file, error: errorMessage(error), ...reasonCode(error) });
      }
      options.onProgress?.({ phase: "file", done: index + 1, total: files.length, path: file });
    }
    // Fold the new rows into the FTS index now rather than after N more writes.
    if (report.ingested.length > 0) await this.options.store.optimize(options.collection);
    return report;
  }

  /**
   * Removes a source's rows from the index and app.db, also when app.db has no record of it (a
   * crash between the index write and the app.db commit leaves index rows only).
   */
  async removeSource(collection: Collection, id: string): Promise<void> {
    await this.options.store.deleteSources(collection, [id]);
    this.options.sources.delete(id);
  }

  /** Removes a source from app.db and the index. */
  async deleteSource(id: string): Promise<void> {
    const source = this.options.sources.get(id);
    if (!source) throw new ScriptoriumError("not_found", `Unknown source: ${id}`);
    await this.options.store.deleteSources(source.collection, [id]);
    this.options.sources.delete(id);
  }

  listSources(collection?: Collection): Source[] {
    return this.options.sources.list(collection);
  }

  /** Rebuilds a collection's index from app.db (embeddings come from the cache when unchanged). */
  async reindex(collection: Collection, options: Omit<IngestOptions, "collection"> = {}): Promise<number> {
    await this.options.store.clear(collection);
    return this.refill(collection, options);
  }

  /** Refills an empty, freshly created table from app.db: the KnowledgeStore `rebuild` hook. */
  async refill(collection: Collection, options: Omit<IngestOptions, "collection"> = {}): Promise<number> {
    const total = this.options.sources.chunkCount(collection);
    let done = 0;
    for (const page of this.options.sources.chunks(collection, this.batchSize * 8)) {
      throwIfAborted(options.signal);
      const indexed = await this.embedChunks(page, options.signal);
      await this.options.store.add(collection, indexed);
      done += page.length;
      options.onProgress?.({ phase: "batch", done, total, message: `re-indexed ${done}/${total} chunks` });
    }
    if (done > 0) await this.options.store.optimize(collection);
    return done;
  }

  /**
   * Indexes chunks that do not come from a file on disk (e.g. the rule repository's rules) as one
   * source under a virtual path; unchanged chunk texts make it a no-op, like a file.
   */
  async ingestChunks(
    input: { collection: Collection; path: string; kind: string; chunks: ExternalChunk[] },
    options: Omit<IngestOptions, "collection"> = {},
  ): Promise<Source | "unchanged"> {
    const hash = createHash("sha256");
    for (const chunk of input.chunks) hash.update(JSON.stringify([chunk.text, chunk.meta ?? {}])).update("\0");
    const raw: RawChunk[] = input.chunks.map((chunk) => ({
      text: chunk.text,
      headingPath: chunk.headingPath ?? "",
      page: chunk.page ?? null,
      lineStart: chunk.lineStart ?? null,
      lineEnd: chunk.lineEnd ?? null,
      lang: chunk.lang ?? detectLang(chunk.text),
    }));
    const metas = input.chunks.map((chunk) => chunk.meta ?? {});
    return this.saveSource(
      { collection: input.collection, path: input.path, kind: input.kind, hash: hash.digest("hex"), chunks: raw, metas },
      { ...options, collection: input.collection },
    );
  }

  /**
   * One file; `root` makes its display path relative (as a folder import does). Unchanged content
   * (same SHA-256 as the stored source) is not read further and nothing is embedded.
   */
  async ingestFile(file: string, root: string | undefined, options: IngestOptions): Promise<Source | "unchanged"> {
    const data = await fs.readFile(file);
    const hash = createHash("sha256").update(data).digest("hex");
    const existing = this.options.sources.get(sourceId(options.collection, file));
    if (existing && existing.contentHash === hash) return "unchanged";
    const displayPath = root ? path.relative(root, file) : path.basename(file);
    const { kind, chunks } = await loadDocument(file, data, { displayPath, ...(options.signal ? { signal: options.signal } : {}) });
    const meta = { file: path.basename(file), path: file, displayPath, kind };
    return this.saveSource(
      { collection: options.collection, path: file, kind, hash, chunks, metas: chunks.map(() => meta) },
      options,
    );
  }

  /** Embeds a source's chunks in batches, writes the index, then app.db in one transaction. */
  private async saveSource(
    input: { collection: Collection; path: string; kind: string; hash: string; chunks: RawChunk[]; metas: Array<Record<string, unknown>> },
    options: IngestOptions,
  ): Promise<Source | "unchanged"> {
    const { collection, signal } = options;
    const id = sourceId(collection, input.path);
    const existing = this.options.sources.get(id);
    if (existing && existing.contentHash === input.hash) return "unchanged";
    const stored: StoredChunk[] = input.chunks.map((chunk, idx) => ({
      ...chunk,
      id: `${id}-${idx}`,
      sourceId: id,
      collection,
      idx,
      meta: input.metas[idx] ?? {},
    }));
    const indexed: IndexedChunk[] = [];
    for (let start = 0; start < stored.length; start += this.batchSize) {
      throwIfAborted(signal);
      indexed.push(...(await this.embedChunks(stored.slice(start, start + this.batchSize), signal)));
      options.onProgress?.({
        phase: "batch",
        done: Math.min(start + this.batchSize, stored.length),
        total: stored.length,
        path: input.path,
      });
    }
    await this.options.store.replaceSources(collection, [id], indexed);
    this.options.sources.save({ id, path: input.path, collection, kind: input.kind, contentHash: input.hash }, stored);
    const source = this.options.sources.get(id);
    if (!source) throw new ScriptoriumError("internal", `Source ${id} vanished after saving.`);
    return source;
  }

  private async embedChunks(chunks: StoredChunk[], signal?: AbortSignal): Promise<IndexedChunk[]> {
    const vectors = await this.options.embedder.embed(chunks.map((chunk) => chunk.text), signal);
    return chunks.map((chunk, index) => ({
      id: chunk.id,
      sourceId: chunk.sourceId,
      text: chunk.text,
      headingPath: chunk.headingPath,
      meta: chunk.meta,
      page: chunk.page,
      lineStart: chunk.lineStart,
      lineEnd: chunk.lineEnd,
      lang: chunk.lang,
      vector: vectors[index]!,
    }));
  }
}

/** Stable id of a file in a collection: re-ingesting the same path replaces it. */
export function sourceId(collection: Collection, absolutePath: string): string {
  return createHash("sha256").update(`${collection}\0${absolutePath}`).digest("hex").slice(0, 24);
}

/**
 * Supported files under `dir`, sorted, hidden files and SKIPPED_DIRS left out; symlinks are not
 * followed. `onUnsupported` hears of each other (visible) file left out.
 */
export async function listFiles(dir: string, onUnsupported?: (file: string) => void): Promise<string[]> {
  const files: string[] = [];
  const entries = await fs.readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...(await listFiles(full, onUnsupported)));
    } else if (entry.isFile() && documentKind(full)) {
      files.push(full);
    } else if (entry.isFile()) {
      onUnsupported?.(full);
    }
  }
  return files;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ScriptoriumError("aborted", "Ingest was cancelled.");
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return (error instanceof ScriptoriumError && error.code === "aborted") || signal?.aborted === true;
}

function errorMessage(error: unknown): string {
  // LanceDB reports a full disk as a long Rust error chain; say it in one line the user can act on.
  if (isNoSpaceError(error)) return "disk_full: no space left on the disk for the library index; nothing imported before was lost, free some space and import again";
  return error instanceof Error ? error.message : String(error);
}
