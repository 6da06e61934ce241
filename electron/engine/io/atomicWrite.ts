import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { copyFile, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { ScriptoriumError } from "../../../shared/errors.js";

/**
 * The one atomic file writer. A crash (or a full disk) leaves either the old content or the new,
 * never a torn file: write a hidden temp file in the same directory, fsync it, rename it over the
 * target, then fsync the directory so the rename itself is durable (write-file-atomic skips that
 * last step). A failed write removes its temp file; ENOSPC/EDQUOT become a typed `disk_full` error
 * naming what was being written, so the caller can say so and retry once space is back.
 */
export interface AtomicWriteOptions {
  /** File mode of a newly created file (e.g. 0o600 for secrets). */
  mode?: number;
  /** What is being written, in words, for the error message ("section 3 of session …"). */
  what?: string;
  /**
   * false: a cache write. Still atomic against a crash of the app (temp file, rename), but without
   * the fsyncs (each one waits for the disk, and they block the main process), so after a power cut the file may be missing, empty or short. Only for files
   * whose reader verifies them (a checksum, a schema) and whose loss costs only redoing the work,
   * as the checkpoints between two pauses already are (Checkpointer). Default true.
   */
  durable?: boolean;
}

/**
 * Up to this size the write is done with synchronous calls: the async one costs six thread-pool
 * round trips per small file, several times the synchronous write's time, and a docgen run writes ~20 such files (sections, outline, the WIP draft and its
 * review progress after every round). The fsyncs then block the main process for their time,
 * as SQLite's commits already do; bigger payloads keep the async path.
 */
const SYNC_WRITE_MAX_BYTES = 256 * 1024;

export async function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const size = typeof data === "string" ? Buffer.byteLength(data) : data.byteLength;
  if (size <= SYNC_WRITE_MAX_BYTES) {
    writeFileAtomicSync(file, data, options);
    return;
  }
  const dir = path.dirname(file);
  const temp = tempPathFor(file);
  try {
    await mkdir(dir, { recursive: true });
    const handle = await open(temp, "w", options.mode);
    try {
      await handle.writeFile(data);
      if (options.durable !== false) await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.durable === false) await rename(temp, file);
    else await renameDurable(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw asDiskError(error, options.what ?? file, file);
  }
}

/** writeFileAtomic in place: the same steps (temp, fsync, rename, directory fsync; no fsyncs when not durable) and errors. */
function writeFileAtomicSync(file: string, data: string | Uint8Array, options: AtomicWriteOptions): void {
  const dir = path.dirname(file);
  const temp = tempPathFor(file);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const fd = fs.openSync(temp, "w", options.mode);
    try {
      fs.writeFileSync(fd, data);
      if (options.durable !== false) fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, file);
    if (options.durable !== false) fsyncDirSync(dir);
  } catch (error) {
    try {
      fs.rmSync(temp, { force: true });
    } catch {
      // The write's own error is the one to report.
    }
    throw asDiskError(error, options.what ?? file, file);
  }
}

function fsyncDirSync(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
  } catch {
    // Directories may refuse fsync on some platforms (Windows), which is harmless.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Copy `src` to `dest` so that `dest` is either absent or complete (temp copy + fsync + rename).
 * A crash mid-copy leaves only a temp file, never a truncated model.
 */
export async function copyFileAtomic(src: string, dest: string, what?: string): Promise<void> {
  const temp = tempPathFor(dest);
  try {
    await mkdir(path.dirname(dest), { recursive: true });
    await copyFile(src, temp);
    await fsyncPath(temp);
    await renameDurable(temp, dest);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw asDiskError(error, what ?? dest, dest);
  }
}

/** Rename `from` over `to` and fsync the parent so the new name survives a power cut. */
export async function renameDurable(from: string, to: string): Promise<void> {
  await rename(from, to);
  await fsyncPath(path.dirname(to), true);
}

/** fsync a file or directory by path; directories may refuse on some platforms (Windows), which is harmless. */
export async function fsyncPath(target: string, isDirectory = false): Promise<void> {
  let handle;
  try {
    handle = await open(target, "r");
    await handle.sync();
  } catch (error) {
    if (!isDirectory) throw error;
  } finally {
    await handle?.close();
  }
}

/** A hidden sibling: `.name.<pid>.<random>.tmp`. The reliability checks look for `*.tmp` leftovers. */
export function tempPathFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
}

const NO_SPACE = new Set(["ENOSPC", "EDQUOT"]);

/** True for an out-of-space error from the file system or SQLite. */
export function isNoSpaceError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && (NO_SPACE.has(code) || code === "SQLITE_FULL")) return true;
  // Native layers (LanceDB's Rust I/O) carry only the OS text: ENOSPC is errno 28 on Linux and macOS.
  return error instanceof Error && /No space left on device|os error 28\b/.test(error.message);
}

/** A `disk_full` ScriptoriumError naming `what` for an out-of-space error; anything else unchanged. */
export function asDiskError(error: unknown, what: string, file?: string): unknown {
  if (error instanceof ScriptoriumError || !isNoSpaceError(error)) return error;
  return new ScriptoriumError("disk_full", `No space left on the disk while writing ${what}. Nothing saved before was lost; free some space and try again.`, {
    what,
    ...(file ? { path: file } : {}),
    cause: (error as { code?: string }).code,
  });
}
