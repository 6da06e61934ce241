import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm, stat, truncate } from "node:fs/promises";
import { basename } from "node:path";
import type { IncomingMessage } from "node:http";
import { pipeline } from "node:stream/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { ScriptoriumError } from "../../../../shared/errors.js";
import { fsyncPath, renameDurable, writeFileAtomic } from "../../io/atomicWrite.js";
import { HttpFailure, openHttp, type HttpLimits } from "../../io/httpClient.js";
import { backoffDelay } from "../../io/retryPolicy.js";
import { readJsonFile } from "../../io/readJsonFile.js";

/** Progress of one download; emitted at most every `progressIntervalMs` plus once at the end. */
export interface DownloadProgress {
  downloadedBytes: number;
  /** Null until the server says (Content-Length / Content-Range). */
  totalBytes: number | null;
  /** Average over this session (since the last start or resume). */
  bytesPerSecond: number;
  etaSeconds: number | null;
}

export interface DownloadFileOptions {
  url: string;
  /** Final path; the data goes to `<destPath>.part` with a `<destPath>.part.json` sidecar first. */
  destPath: string;
  /** Lower-case hex SHA-256; verified before the rename when given. */
  sha256?: string | null;
  headers?: Record<string, string>;
  /** Aborting keeps the `.part` file, so a later call resumes (pause = abort). */
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** Connect 10 s, headers 30 s, idle 60 s by default. No total deadline: a 5 GB file may take hours. */
  timeouts?: Partial<HttpLimits>;
  /** Retries after a cut connection, timeout, 5xx, 408 or 429 without progress in between; default 6. */
  maxRetries?: number;
  /** Backoff: full jitter over min(maxMs, baseMs·2^n); defaults 500 ms and 30 s. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Default 250 ms (at most 4 progress events per second). */
  progressIntervalMs?: number;
  /** Extra check on the complete `.part` before it is renamed (e.g. GGUF magic); throwing deletes it. */
  validate?: (partPath: string) => Promise<void>;
}

export interface DownloadedFile {
  path: string;
  sizeBytes: number;
  sha256: string;
}

/** `<file>.part.json`: where a partial download came from, so a resume asks the same URL. */
const SidecarSchema = z.object({ url: z.string(), totalBytes: z.number().nullable().catch(null) });
type Sidecar = z.infer<typeof SidecarSchema>;

const DEFAULT_TIMEOUTS: HttpLimits = { connectMs: 10_000, headersMs: 30_000, idleMs: 60_000 };

/** Paths of the partial download of `destPath`; the registry deletes them on cancel. */
export function partPaths(destPath: string): { part: string; sidecar: string } {
  return { part: `${destPath}.part`, sidecar: `${destPath}.part.json` };
}

async function fileSize(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}

/** A sidecar that is missing, cut short or of another shape means the part cannot be resumed. */
async function readSidecar(path: string): Promise<Sidecar | null> {
  return readJsonFile(path, SidecarSchema).catch(() => null);
}

/** Delete a partial download (cancel, or a part that cannot be resumed). */
export async function deletePart(destPath: string): Promise<void> {
  const { part, sidecar } = partPaths(destPath);
  await rm(part, { force: true });
  await rm(sidecar, { force: true });
}

async function sha256Of(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path, { highWaterMark: 1 << 20 }), async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) hash.update(chunk);
  }, { signal });
  return hash.digest("hex");
}

/**
 * Stream a response body into the part file. Unlike `pipeline`, a failing response (cut socket,
 * abort) first flushes every byte already received to disk, so the next attempt resumes from all
 * of them; the error is rethrown once the file is closed.
 */
function writeBody(response: IncomingMessage, path: string, append: boolean, onBytes: (bytes: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const file = createWriteStream(path, { flags: append ? "a" : "w" });
    let failure: Error | null = null;
    let done = false;
    const finish = (error: Error | null) => {
      if (done) return;
      done = true;
      failure ??= error;
      response.removeAllListeners("data");
      file.end();
    };
    file.once("close", () => (failure ? reject(failure) : resolve()));
    file.once("error", (error) => {
      failure ??= error;
      response.destroy();
      file.destroy();
    });
    file.on("drain", () => response.resume());
    response.on("data", (chunk: Buffer) => {
      // Write before counting: the count may trigger a pause (abort) that ends the file synchronously.
      const flowing = file.write(chunk);
      onBytes(chunk.length);
      if (!flowing) response.pause();
    });
    response.once("end", () => finish(null));
    response.once("error", (error) => finish(error));
    response.once("aborted", () => finish(new Error("connection aborted")));
    response.once("close", () => {
      if (!response.complete) finish(new Error("connection closed early"));
    });
  });
}

/** `bytes 100-199/1000` → {start: 100, total: 1000}; total null for `*`. */
function parseContentRange(header: string | undefined): { start: number; total: number | null } | null {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(header?.trim() ?? "");
  if (!match) return null;
  return { start: Number(match[1]), total: match[2] === "*" ? null : Number(match[2]) };
}

/**
 * Download `url` to `destPath` with resume, retries, progress, SHA-256 verification and an atomic
 * rename. Resume reuses `<dest>.part` only when the sidecar names the same URL and the server
 * answers the `Range` request with 206 at the right offset; otherwise it starts over.
 */
export async function downloadFile(options: DownloadFileOptions): Promise<DownloadedFile> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const maxRetries = options.maxRetries ?? 6;
  const baseMs = options.backoffBaseMs ?? 500;
  const maxMs = options.backoffMaxMs ?? 30_000;
  const interval = options.progressIntervalMs ?? 250;
  const name = basename(options.destPath);
  const { part, sidecar: sidecarPath } = partPaths(options.destPath);
  const signal = options.signal;

  const sidecar = await readSidecar(sidecarPath);
  let totalBytes: number | null = sidecar?.url === options.url ? sidecar.totalBytes : null;
  if (sidecar?.url !== options.url) await deletePart(options.destPath);

  const sessionStart = Date.now();
  let sessionBytes = 0;
  let lastEmit = 0;
  let downloaded = (await fileSize(part)) ?? 0;
  const emit = (force: boolean) => {
    const now = Date.now();
    if (!options.onProgress || (!force && now - lastEmit < interval)) return;
    lastEmit = now;
    const seconds = Math.max(0.001, (now - sessionStart) / 1000);
    const bytesPerSecond = sessionBytes / seconds;
    const etaSeconds = totalBytes !== null && bytesPerSecond > 0 ? Math.max(0, (totalBytes - downloaded) / bytesPerSecond) : null;
    options.onProgress({ downloadedBytes: downloaded, totalBytes, bytesPerSecond, etaSeconds });
  };

  let failures = 0;
  for (;;) {
    if (signal?.aborted) throw new ScriptoriumError("aborted", "Download cancelled.");
    const before = downloaded;
    try {
      const complete = await attempt();
      if (complete) break;
    } catch (error) {
      if (error instanceof ScriptoriumError) throw error;
      if (signal?.aborted) throw new ScriptoriumError("aborted", "Download cancelled.");
      if (error instanceof HttpFailure && !error.retryable) throw new ScriptoriumError("bad_request", `Download of ${name} failed: ${error.message}`, { url: options.url });
      if (downloaded > before) failures = 0; // progress was made: the connection is flaky, not dead
      failures++;
      if (failures > maxRetries) {
        throw new ScriptoriumError("unavailable", `Download of ${name} failed after ${maxRetries + 1} attempts: ${(error as Error).message}`, {
          url: options.url,
          downloadedBytes: downloaded,
          ...failureCause(error, options.url),
        });
      }
      await sleep(backoffDelay(failures, { baseMs, capMs: maxMs }), undefined, { signal }).catch(() => undefined);
    }
  }
  emit(true);

  await fsyncPath(part);
  if (options.sha256) {
    const actual = await sha256Of(part, signal).catch((error: unknown) => {
      if (signal?.aborted) throw new ScriptoriumError("aborted", "Download cancelled.");
      throw error;
    });
    if (actual !== options.sha256.toLowerCase()) {
      await deletePart(options.destPath);
      throw new ScriptoriumError("model_invalid", `SHA-256 mismatch for ${name}: expected ${options.sha256}, got ${actual}. The file was deleted.`, { expected: options.sha256, actual });
    }
  }
  if (options.validate) {
    try {
      await options.validate(part);
    } catch (error) {
      await deletePart(options.destPath);
      throw error;
    }
  }
  const sha256 = options.sha256?.toLowerCase() ?? (await sha256Of(part, signal));
  await renameDurable(part, options.destPath);
  await rm(sidecarPath, { force: true });
  return { path: options.destPath, sizeBytes: downloaded, sha256 };

  /** One HTTP exchange; true when the part is complete. Throws a retryable HttpFailure to retry. */
  async function attempt(): Promise<boolean> {
    downloaded = (await fileSize(part)) ?? 0;
    if (totalBytes !== null && downloaded > totalBytes) {
      await deletePart(options.destPath);
      downloaded = 0;
    }
    const headers: Record<string, string> = { "user-agent": "Scriptorium", "accept-encoding": "identity", ...options.headers };
    if (downloaded > 0) headers.range = `bytes=${downloaded}-`;
    const opened = await openHttp({ url: options.url, headers, limits: timeouts, maxRedirects: 5, ...(signal ? { signal } : {}) });
    const { response } = opened;
    const status = response.statusCode ?? 0;
    if (status === 416 && downloaded > 0) {
      response.resume();
      if (totalBytes === downloaded) return true;
      await deletePart(options.destPath);
      throw new HttpFailure("network", `Server rejected resume at byte ${downloaded}; starting over.`);
    }
    if (status === 404 || status === 410) {
      response.resume();
      throw new ScriptoriumError("not_found", `Download of ${name} failed: HTTP ${status} from ${opened.finalUrl}`, { url: opened.finalUrl, status });
    }
    if (status >= 500 || status === 408 || status === 429) {
      response.resume();
      throw new HttpFailure("network", `HTTP ${status} from ${opened.finalUrl}`);
    }
    if (status !== 200 && status !== 206) {
      response.resume();
      throw new ScriptoriumError("unavailable", `Download of ${name} failed: HTTP ${status} from ${opened.finalUrl}`, {
        url: opened.finalUrl,
        status,
        host: new URL(opened.finalUrl).host,
        cause: `http_${status}`,
      });
    }
    let append = false;
    if (status === 206) {
      const range = parseContentRange(response.headers["content-range"]);
      if (!range || range.start !== downloaded || (totalBytes !== null && range.total !== null && range.total !== totalBytes)) {
        response.resume();
        opened.destroy(new Error("bad range"));
        await deletePart(options.destPath);
        throw new HttpFailure("network", `Server answered the resume with an unexpected range (${response.headers["content-range"] ?? "none"}); starting over.`);
      }
      totalBytes = range.total ?? totalBytes;
      append = true;
    } else {
      // 200: a fresh body from byte 0 (the server ignored or we did not send a Range).
      const length = Number(response.headers["content-length"]);
      totalBytes = Number.isFinite(length) && length >= 0 && response.headers["content-length"] !== undefined ? length : null;
      if (downloaded > 0) await truncate(part, 0).catch(() => undefined);
      downloaded = 0;
    }
    await writeFileAtomic(sidecarPath, JSON.stringify({ url: options.url, totalBytes } satisfies Sidecar));

    try {
      await writeBody(response, part, append, (bytes) => {
        downloaded += bytes;
        sessionBytes += bytes;
        emit(false);
      });
    } catch (error) {
      if (signal?.aborted) throw new ScriptoriumError("aborted", "Download cancelled.");
      if (error instanceof ScriptoriumError || error instanceof HttpFailure) throw error;
      throw new HttpFailure("network", `Connection cut after ${downloaded} bytes: ${(error as Error).message}`);
    }
    if (totalBytes !== null && downloaded < totalBytes) {
      throw new HttpFailure("network", `Connection closed at ${downloaded} of ${totalBytes} bytes.`);
    }
    if (totalBytes !== null && downloaded > totalBytes) {
      await deletePart(options.destPath);
      throw new HttpFailure("network", `Received ${downloaded} bytes, more than the announced ${totalBytes}; starting over.`);
    }
    return true;
  }
}

/**
 * Why the last attempt failed, for the UI's sentence: the host it tried and a cause — the socket's
 * code (ECONNREFUSED, ENOTFOUND …), the timeout kind, or `http_<status>` for a retried 5xx.
 */
function failureCause(error: unknown, url: string): { host: string; cause: string } {
  const host = URL.canParse(url) ? new URL(url).host : url;
  if (!(error instanceof HttpFailure)) return { host, cause: "network" };
  const status = /^HTTP (\d{3}) /.exec(error.message)?.[1];
  return { host, cause: error.code ?? (status ? `http_${status}` : error.kind) };
}
